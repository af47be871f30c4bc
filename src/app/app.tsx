import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProvider } from './provider';

export function App({
  router,
  client,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  client: QueryClient;
}) {
  return (
    <AppProvider client={client}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
