// The libraries of the console and nothing else: the floor under the console's initial JS.
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { z } from 'zod/mini';

const schema = z.object({ username: z.string(), role: z.enum(['admin', 'moderator', 'support']) });
const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
});
const router = createBrowserRouter([
  { path: '/', element: <Button onClick={() => schema.parse({})}>Sign in</Button> },
]);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
