import type { OperatorRole } from '../schemas/session';
import { can, type Capability } from './capabilities';
import type { OperationName } from './operations';

/** One route of the console server's own data, `/console/*`. */
export interface ConsoleRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path from the origin, parameters as `{name}` (any non-empty segment). */
  template: string;
  capability: Capability;
  /** A narrower grant: with this capability, only requests whose query passes `when`. */
  narrower?: {
    capability: Capability;
    when: (query: Readonly<Record<string, string | undefined>>) => boolean;
  };
}

/** The audit actions of moderation decisions and bans, which moderators may read for their queue's history. */
export const moderationHistoryActions: readonly OperationName[] = [
  'blocked.review',
  'flagged.review',
  'messages.delete',
  'bans.add',
  'bans.remove',
];

const isModerationAction = (value: string | undefined) =>
  moderationHistoryActions.some((action) => action === value);

/**
 * Every `/console/*` route and what it needs. The console server refuses a route that is not
 * listed here, whatever its code mounts, so a new route cannot go out without its capability.
 */
// prettier-ignore
export const consoleRoutes: readonly ConsoleRoute[] = [
  {
    method: 'GET', template: '/console/audit', capability: 'readAudit',
    narrower: { capability: 'readModerationHistory', when: (query) => isModerationAction(query.operation) },
  },
  { method: 'GET', template: '/console/audit.csv', capability: 'readAudit' },
  { method: 'GET', template: '/console/operators', capability: 'manageOperators' },
  { method: 'POST', template: '/console/operators', capability: 'manageOperators' },
  { method: 'PATCH', template: '/console/operators/{username}', capability: 'manageOperators' },
  { method: 'DELETE', template: '/console/operators/{username}', capability: 'manageOperators' },
  { method: 'GET', template: '/console/operators/{username}/sessions', capability: 'manageOperators' },
  { method: 'DELETE', template: '/console/operators/{username}/sessions', capability: 'manageOperators' },
  { method: 'DELETE', template: '/console/operators/{username}/sessions/{id}', capability: 'manageOperators' },
  { method: 'GET', template: '/console/chat-service', capability: 'checkChatService' },
  { method: 'GET', template: '/console/insights', capability: 'readInsights' },
  { method: 'GET', template: '/console/roles/{role}/reported-permissions', capability: 'readChatData' },
  { method: 'GET', template: '/console/queue/events', capability: 'readChatData' },
  { method: 'GET', template: '/console/queue/claims', capability: 'readChatData' },
  { method: 'POST', template: '/console/queue/claims/{messageId}', capability: 'moderateBlocked' },
  { method: 'POST', template: '/console/queue/claims/{messageId}/take-over', capability: 'moderateBlocked' },
  { method: 'DELETE', template: '/console/queue/claims/{messageId}', capability: 'moderateBlocked' },
];

const fits = (template: string, path: string) => {
  const want = template.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((part, i) => (/^\{\w+\}$/.test(part) ? (have[i] ?? '') !== '' : part === have[i]))
  );
};

/** The route a request addresses; `HEAD` reads as `GET`. */
export function findConsoleRoute(method: string, path: string): ConsoleRoute | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return consoleRoutes.find((route) => route.method === wanted && fits(route.template, path));
}

/** Whether a role may make a request to the route, with the request's query for a narrower grant. */
export function mayUseConsoleRoute(
  role: OperatorRole,
  route: ConsoleRoute,
  query: Readonly<Record<string, string | undefined>>,
): boolean {
  if (can(role, route.capability)) return true;
  return (
    route.narrower !== undefined &&
    can(role, route.narrower.capability) &&
    route.narrower.when(query)
  );
}
