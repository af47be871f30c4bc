import type { EmotionCache } from '@emotion/cache';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProvider } from './provider';

export function App({
  router,
  client,
  styles,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  client: QueryClient;
  styles?: EmotionCache;
}) {
  return (
    <AppProvider client={client} styles={styles}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
