// A bare MUI admin shell, the anchor the console's page loads are measured beside: React Router's data
// router, an app bar, a permanent drawer of five links, and a table of 25 users fetched as JSON.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, NavLink, Outlet, RouterProvider } from 'react-router';

interface User {
  uid: string;
  name: string;
  role: string;
  status: string;
  createdAt: string;
}

const drawerWidth = 220;
const links = [
  ['/', 'Users'],
  ['/settings', 'Settings'],
  ['/messages', 'Messages'],
  ['/roles', 'Roles'],
  ['/groups', 'Groups'],
] as const;
const columns = ['uid', 'name', 'role', 'status', 'createdAt'] as const;

function Layout() {
  return (
    <Box sx={{ display: 'flex' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar>
          <Typography variant="h6" component="div">
            Admin
          </Typography>
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{ width: drawerWidth, '& .MuiDrawer-paper': { width: drawerWidth } }}
      >
        <Toolbar />
        <List component="nav">
          {links.map(([to, label]) => (
            <ListItemButton key={to} component={NavLink} to={to}>
              <ListItemText primary={label} />
            </ListItemButton>
          ))}
        </List>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3 }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}

function UsersPage() {
  const [users, setUsers] = useState<User[]>();
  useEffect(() => {
    void fetch('/rows.json')
      .then((response) => response.json() as Promise<User[]>)
      .then(setUsers);
  }, []);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Users
      </Typography>
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Users">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {users?.map((user) => (
              <TableRow key={user.uid} hover>
                {columns.map((column) => (
                  <TableCell key={column}>{user[column]}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function SettingsPage() {
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Settings
      </Typography>
      <Typography>Nothing to set.</Typography>
    </>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <UsersPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: '*', element: <Typography>Not found.</Typography> },
    ],
  },
]);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <ThemeProvider theme={createTheme()}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
}
