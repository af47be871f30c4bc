import { matchPath } from 'react-router';
import { paths } from './paths';

/**
 * The page module (`src/app/routes/<page>.tsx`) each route renders. The router builds its routes from
 * these lists, and the console server preloads a page's chunks with the HTML of a path it matches.
 */
export const signInPage = { path: paths.signIn.path, page: 'sign-in' } as const;

/** Outside the shell too: an operator holding an initial password can do nothing else. */
export const changePasswordPage = {
  path: paths.changePassword.path,
  page: 'change-password',
} as const;

/** Pages inside the signed-in shell, in matching order; `*` is the not-found page. */
export const shellPages = [
  { path: paths.home.path, page: 'home' },
  { path: paths.blocked.path, page: 'blocked' },
  { path: paths.flagged.path, page: 'flagged' },
  { path: paths.reasons.path, page: 'reasons' },
  { path: paths.insights.path, page: 'insights' },
  { path: paths.messages.path, page: 'messages' },
  { path: paths.message.path, page: 'message' },
  { path: paths.roles.path, page: 'roles' },
  { path: paths.role.path, page: 'role' },
  { path: paths.users.path, page: 'users' },
  { path: paths.user.path, page: 'user' },
  { path: paths.groups.path, page: 'groups' },
  { path: paths.groupMembers.path, page: 'group-members' },
  { path: paths.groupBanned.path, page: 'group-banned' },
  { path: paths.audit.path, page: 'audit' },
  { path: paths.operators.path, page: 'operators' },
  { path: paths.chatService.path, page: 'chat-service' },
  { path: '*', page: 'not-found' },
] as const;

export type PageName =
  (typeof shellPages)[number]['page'] | typeof signInPage.page | typeof changePasswordPage.page;

/** Whether a router pattern (`/users/:uid`, `*`) matches a pathname, as the router matches it. */
export const matchesPattern = (pattern: string, pathname: string): boolean =>
  matchPath({ path: pattern, caseSensitive: true, end: true }, pathname) !== null;

/** The page a pathname renders. */
export function pageFor(pathname: string): PageName {
  if (matchesPattern(signInPage.path, pathname)) return signInPage.page;
  if (matchesPattern(changePasswordPage.path, pathname)) return changePasswordPage.page;
  return shellPages.find((p) => matchesPattern(p.path, pathname))?.page ?? 'not-found';
}
