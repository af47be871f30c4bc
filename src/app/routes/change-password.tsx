import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/change-password-form';
import { useSession } from '@/features/auth/use-session';
import { safeNext } from '@/utils/safe-next';

export default function ChangePasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const session = useSession();
  useEffect(() => {
    document.title = 'Your password · Chat Admin Console';
  }, []);
  if (session.isPending) return <LoadingState label="Checking your session" />;
  if (session.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      </Box>
    );
  }
  if (!session.data)
    return <Navigate to={paths.signIn.href(paths.changePassword.href())} replace />;
  const forced = session.data.mustChangePassword === true;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
          {forced ? 'Choose your password' : 'Change your password'}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          {!forced
            ? `Signed in as ${session.data.username}. Your other sessions end when you save.`
            : params.get('from') === 'sign-in-link'
              ? `You signed in with a one-time sign-in link, ${session.data.username}. Choose your password to continue; the link works only once.`
              : `The password you signed in with, ${session.data.username}, was set by an admin. Choose your own to continue.`}
        </Typography>
        <ChangePasswordForm
          username={session.data.username}
          forced={forced}
          onChanged={() => void navigate(next, { replace: true })}
        />
        {forced ? null : (
          <Link component={RouterLink} to={next} sx={{ display: 'inline-block', mt: 2 }}>
            Back to the console
          </Link>
        )}
      </Paper>
    </Box>
  );
}
