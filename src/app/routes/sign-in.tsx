import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { SignInForm } from '@/features/auth/sign-in-form';
import { SignInMethods } from '@/features/auth/sign-in-methods';
import { announceSignedIn } from '@/features/auth/sso-popup';
import { useSession } from '@/features/auth/use-session';
import { safeNext } from '@/utils/safe-next';

export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const session = useSession();
  // Single sign-on run in a popup from the "session ended" dialog: the page that opened it carries on.
  const inPopup = params.get('popup') === '1';
  const signedIn = session.data !== undefined && session.data !== null;
  useEffect(() => {
    document.title = 'Sign in · Chat Admin Console';
  }, []);
  useEffect(() => {
    if (!inPopup || !signedIn) return;
    announceSignedIn();
    window.close();
  }, [inPopup, signedIn]);
  if (signedIn && inPopup)
    return (
      <Box component="main" sx={{ p: 4 }}>
        <Typography variant="h1" component="h1">
          Signed in
        </Typography>
        <Typography sx={{ mt: 1 }}>
          You can close this window and carry on in the console.
        </Typography>
      </Box>
    );
  if (signedIn) return <Navigate to={next} replace />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
          Chat Admin Console
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          Sign in with your operator account.
        </Typography>
        <SignInMethods next={next}>
          <SignInForm onSignedIn={() => void navigate(next, { replace: true })} />
        </SignInMethods>
      </Paper>
    </Box>
  );
}
