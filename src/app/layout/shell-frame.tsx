import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { NavList } from './nav-list';
import { OperatorMenu } from './operator-menu';
import { ThemeToggle } from './theme-toggle';

export const drawerWidth = 232;

/**
 * The signed-in shell's frame: skip link, app bar, the permanent navigation on wide screens, and the
 * page in `main`. The SPA renders it around every page; the console server renders it with the
 * page's heading as the HTML's first paint (src/app/first-paint.tsx), so both draw the same boxes.
 */
export function ShellFrame({
  onOpenNavigation,
  children,
}: {
  onOpenNavigation?: () => void;
  children: ReactNode;
}) {
  return (
    <>
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
            onClick={onOpenNavigation}
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
        {children}
      </Box>
    </>
  );
}
