import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { changePasswordPage, shellPages, signInPage, type PageName } from '@/config/pages';
import { LoadingState } from '@/components/loading-state';

const modules = import.meta.glob<{ default: ComponentType }>([
  './routes/*.tsx',
  '!./routes/route-error.tsx',
  '!./routes/*.test.tsx',
]);

// An error boundary's page (alert, button) loads when a route fails, not with the shell.
const LazyRouteError = lazy(() =>
  import('./routes/route-error').then((m) => ({ default: m.RouteError })),
);
const routeError = (
  <Suspense fallback={null}>
    <LazyRouteError />
  </Suspense>
);

/** Each page is its own chunk, loaded when its route is first visited. */
function page(name: PageName): RouteObject['lazy'] {
  const load = modules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`no page module src/app/routes/${name}.tsx`);
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    path: signInPage.path,
    lazy: page(signInPage.page),
    errorElement: routeError,
    hydrateFallbackElement: <LoadingState />,
  },
  {
    path: changePasswordPage.path,
    lazy: page(changePasswordPage.page),
    errorElement: routeError,
    hydrateFallbackElement: <LoadingState />,
  },
  {
    path: '/',
    // The shell (app bar, navigation) is its own chunk, preloaded with the HTML of every shell page
    // (server/proxy/http/page-preloads.ts): the sign-in page never loads it, and it is not in the entry.
    lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
    errorElement: routeError,
    hydrateFallbackElement: <LoadingState />,
    children: shellPages.map(({ path, page: name }) =>
      path === '/' ? { index: true, lazy: page(name) } : { path, lazy: page(name) },
    ),
  },
];
