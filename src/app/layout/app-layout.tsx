import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LeaveGuardProvider } from '@/components/leave-warning';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { useSessionGate } from '@/features/auth/use-session-gate';
import { useSession } from '@/features/auth/use-session';
import { drawerWidth, ShellFrame } from './shell-frame';

const MobileDrawer = lazy(() => import('./mobile-drawer'));
// Shown only when the session cannot be read: its alert and the error texts are not in the first load.
const ErrorState = lazy(() =>
  import('@/components/states').then((m) => ({ default: m.ErrorState })),
);
// The sign-in form (and the form library under it) loads only once a session has ended.
const SessionEndedDialog = lazy(() =>
  import('@/features/auth/session-ended-dialog').then((m) => ({ default: m.SessionEndedDialog })),
);

/** The signed-in shell: app bar, navigation drawer (permanent on wide screens), and the page. */
export function AppLayout() {
  const session = useSession();
  const gate = useSessionGate();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileLoaded, setMobileLoaded] = useState(false);

  if (session.isPending) return <LoadingState label="Checking your session" />;
  if (session.isError)
    return (
      <Box sx={{ p: 3 }}>
        <Suspense fallback={null}>
          <ErrorState error={session.error} onRetry={() => void session.refetch()} />
        </Suspense>
      </Box>
    );
  if (!session.data) {
    return <Navigate to={paths.signIn.href(location.pathname + location.search)} replace />;
  }
  if (session.data.mustChangePassword) {
    return <Navigate to={paths.changePassword.href(location.pathname + location.search)} replace />;
  }

  return (
    <LeaveGuardProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <ShellFrame
          onOpenNavigation={() => {
            setMobileLoaded(true);
            setMobileOpen(true);
          }}
        >
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </ShellFrame>
        {mobileLoaded ? (
          <Suspense fallback={null}>
            <MobileDrawer
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
              width={drawerWidth}
            />
          </Suspense>
        ) : null}
        {gate.endedFor === undefined ? null : (
          <Suspense fallback={null}>
            <SessionEndedDialog />
          </Suspense>
        )}
      </Box>
    </LeaveGuardProvider>
  );
}
