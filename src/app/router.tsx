import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Params, RouteObject } from 'react-router';
import { changePasswordPage, shellPages, signInPage, type PageName } from '@/config/pages';
import { LoadingState } from '@/components/loading-state';

/** What a page asks for before it renders: its first reads, from the path alone. */
export type FirstReads = (
  client: QueryClient,
  at: { params: Params; search: URLSearchParams },
) => void;

const modules = import.meta.glob<{ default: ComponentType; firstReads?: FirstReads }>([
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

let readsClient: QueryClient | undefined;

/** The query client the pages' first reads go to, once the app has one (src/main.tsx). */
export function startFirstReadsIn(client: QueryClient): void {
  readsClient = client;
}

/**
 * Each page is its own chunk, loaded when its route is first visited. A page that exports
 * `firstReads` starts them from its route's loader, as soon as its module is in: before the page
 * renders, which may take a few slices of the first render (src/main.tsx). The loader waits for
 * nothing, so the page renders as before and reads its queries' state as usual.
 */
function page(name: PageName): RouteObject['lazy'] {
  const load = modules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`no page module src/app/routes/${name}.tsx`);
  return async () => {
    const { default: Component, firstReads } = await load();
    if (!firstReads) return { Component };
    return {
      Component,
      loader: ({ params, request }) => {
        if (readsClient)
          firstReads(readsClient, { params, search: new URL(request.url).searchParams });
        return null;
      },
    };
  };
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
    // The shell (app bar, navigation) is its own chunk, loaded beside the page's: the sign-in page
    // never loads it, and it is not in the entry.
    lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
    errorElement: routeError,
    hydrateFallbackElement: <LoadingState />,
    children: shellPages.map(({ path, page: name }) =>
      path === '/' ? { index: true, lazy: page(name) } : { path, lazy: page(name) },
    ),
  },
];
