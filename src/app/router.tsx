import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { LoadingState } from '@/components/states';
import { RouteError } from './routes/route-error';

type PageModule = Promise<{ default: ComponentType }>;

/** Each page is its own chunk, loaded when its route is first visited. */
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  { path: paths.signIn.path, lazy: page(() => import('./routes/sign-in')), errorElement: <RouteError />, hydrateFallbackElement: <LoadingState /> },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: paths.blocked.path, lazy: page(() => import('./routes/blocked')) },
      { path: paths.reasons.path, lazy: page(() => import('./routes/reasons')) },
      { path: paths.messages.path, lazy: page(() => import('./routes/messages')) },
      { path: paths.message.path, lazy: page(() => import('./routes/message')) },
      { path: paths.roles.path, lazy: page(() => import('./routes/roles')) },
      { path: paths.role.path, lazy: page(() => import('./routes/role')) },
      { path: paths.users.path, lazy: page(() => import('./routes/users')) },
      { path: paths.user.path, lazy: page(() => import('./routes/user')) },
      { path: paths.groups.path, lazy: page(() => import('./routes/groups')) },
      { path: paths.groupBanned.path, lazy: page(() => import('./routes/group-banned')) },
      { path: paths.audit.path, lazy: page(() => import('./routes/audit')) },
      { path: paths.operators.path, lazy: page(() => import('./routes/operators')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];
