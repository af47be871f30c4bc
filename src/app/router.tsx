import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { changePasswordPage, shellPages, signInPage, type PageName } from '@/config/pages';
import { AppLayout } from './layout/app-layout';
import { LoadingState } from '@/components/states';
import { RouteError } from './routes/route-error';

const modules = import.meta.glob<{ default: ComponentType }>([
  './routes/*.tsx',
  '!./routes/route-error.tsx',
  '!./routes/*.test.tsx',
]);

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
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState />,
  },
  {
    path: changePasswordPage.path,
    lazy: page(changePasswordPage.page),
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState />,
  },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState />,
    children: shellPages.map(({ path, page: name }) =>
      path === '/' ? { index: true, lazy: page(name) } : { path, lazy: page(name) },
    ),
  },
];
