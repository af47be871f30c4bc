import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { signOut } from '@/api/auth';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { useSessionGate } from '@/features/auth/use-session-gate';

/** Who is signed in, with which role, a link to change one's password, and a sign-out button. */
export function OperatorMenu() {
  const operator = useOperator();
  const signedOut = useSessionGate().endedFor !== undefined;
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useSingleMutation({
    mutationFn: signOut,
    onSettled: (answer) => {
      client.clear();
      // Signed in through the identity provider: signed out there too, which then sends the browser back.
      if (answer?.signOutUrl) window.location.assign(answer.signOutUrl);
      else void navigate(paths.signIn.href(), { replace: true });
    },
  });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Typography
        variant="body2"
        data-testid="operator"
        sx={{ display: { xs: 'none', sm: 'block' } }}
      >
        {signedOut ? 'Signed out' : `${operator.username} · ${operator.role}`}
      </Typography>
      <IconButton
        color="inherit"
        component={RouterLink}
        to={paths.changePassword.href(location.pathname + location.search)}
        aria-label="Change password"
        title="Change password"
      >
        <KeyOutlined />
      </IconButton>
      <IconButton
        color="inherit"
        aria-label="Sign out"
        title="Sign out"
        onClick={() => logout.mutate()}
        disabled={logout.isPending || signedOut}
      >
        <LogoutOutlined />
      </IconButton>
    </Box>
  );
}
