import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { LeaveGuardProvider } from '@/components/leave-warning';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { useSessionGate } from '@/features/auth/use-session-gate';
import { useSession } from '@/features/auth/use-session';
import { NavList } from './nav-list';
import { OperatorMenu } from './operator-menu';
import { ThemeToggle } from './theme-toggle';

const drawerWidth = 232;
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
        <Box
          component="a"
          href="#main"
          sx={{
            color: 'primary.main',
            position: 'absolute',
            left: -9999,
            zIndex: 2000,
            '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper' },
          }}
        >
          Skip to content
        </Box>
        <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              onClick={() => {
                setMobileLoaded(true);
                setMobileOpen(true);
              }}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Typography
              component={RouterLink}
              to={paths.home.href()}
              variant="h6"
              sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1, fontWeight: 600 }}
            >
              Chat Admin Console
            </Typography>
            <ThemeToggle />
            <OperatorMenu />
          </Toolbar>
        </AppBar>
        {mobileLoaded ? (
          <Suspense fallback={null}>
            <MobileDrawer
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
              width={drawerWidth}
            />
          </Suspense>
        ) : null}
        <Box
          sx={{
            display: { xs: 'none', md: 'block' },
            width: drawerWidth,
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
          }}
        >
          <Toolbar />
          <NavList />
        </Box>
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, outline: 'none' }}
        >
          <Toolbar />
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Box>
        {gate.endedFor === undefined ? null : (
          <Suspense fallback={null}>
            <SessionEndedDialog />
          </Suspense>
        )}
      </Box>
    </LeaveGuardProvider>
  );
}
