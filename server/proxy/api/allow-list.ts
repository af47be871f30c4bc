import { z } from 'zod';
import type { OperatorRole } from '../../../src/api/schemas/session';

/** Character class of each kind of path parameter; a segment that does not fit is a 404. */
export const paramClasses = {
  /** uid, guid, role id, moderation reason id: the service's alpha-dash ids. */
  id: (s: string) => /^[A-Za-z0-9_-]{1,100}$/.test(s),
  messageId: (s: string) => /^[0-9]{1,20}$/.test(s),
  permission: (s: string) =>
    /^[A-Za-z][A-Za-z0-9_]{0,63}(\.[A-Za-z][A-Za-z0-9_]{0,63}){0,3}$/.test(s),
  /** Any text (emoji, ZWJ sequences, flags, `:tokens:`), but never a separator or a dot segment. */
  reaction: (s: string) =>
    [...s].length <= 64 &&
    s.length > 0 &&
    !/[/\\%]/.test(s) &&
    !/\p{Cc}/u.test(s) &&
    !/^\.+$/.test(s),
} as const;
export type ParamClass = keyof typeof paramClasses;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type HeaderUse = 'none' | 'required';

export interface Operation {
  method: Method;
  /** Path below `/v3`, parameters as `{name:class}`. */
  template: string;
  roles: readonly OperatorRole[];
  /** Name recorded in the audit trail and logs. */
  action: string;
  body: 'none' | 'json';
  onBehalfOf?: HeaderUse;
  /** Accepts the operator's reason (`x-console-reason`), recorded in the audit trail only. */
  reason?: boolean;
  /** Query parameters that must be present, with their class. */
  requiredQuery?: Readonly<Record<string, ParamClass>>;
  /** A stricter shape for bodies whose content decides who may send them. */
  bodySchema?: z.ZodType;
  /** Roles allowed when the body asks for more than the operation's default. */
  escalation?: { when: (body: unknown) => boolean; roles: readonly OperatorRole[]; what: string };
  /** Targets named in the body (bulk operations), for the audit trail. */
  bodyTargets?: (body: unknown) => string | undefined;
}

const everyone = ['admin', 'moderator', 'support'] as const;
const moderators = ['admin', 'moderator'] as const;
const support = ['admin', 'support'] as const;
const admins = ['admin'] as const;

const listOf = (key: string) => (body: unknown) => {
  const parsed = z.record(z.string(), z.unknown()).safeParse(body);
  const list = z.array(z.string()).safeParse(parsed.data?.[key]);
  return list.success ? `uids=${list.data.join(',')}` : undefined;
};

const fieldOf = (key: string) => (body: unknown) => {
  const parsed = z.record(z.string(), z.unknown()).safeParse(body);
  const value = parsed.data?.[key];
  return typeof value === 'string' || typeof value === 'number' ? `${key}=${value}` : undefined;
};

const op = (
  method: Method,
  template: string,
  roles: readonly OperatorRole[],
  action: string,
  more: Partial<Operation> = {},
): Operation => ({ method, template, roles, action, body: 'none', ...more });

const json = { body: 'json' } as const;
const actsAsUser = { onBehalfOf: 'required', reason: true } as const;
const forUid = { requiredQuery: { uid: 'id' } } as const;

/** The only operations the console may perform with the API key. Nothing else is ever forwarded. */
// prettier-ignore
export const allowList: readonly Operation[] = [
  op('GET', '/users', everyone, 'users.list'),
  op('GET', '/users/{uid:id}', everyone, 'users.get'),
  op('GET', '/groups', everyone, 'groups.list'),
  op('GET', '/groups/{guid:id}', everyone, 'groups.get'),
  op('GET', '/groups/{guid:id}/bannedusers', everyone, 'bans.list'),
  op('GET', '/messages', everyone, 'messages.list'),
  op('GET', '/messages/{id:messageId}', everyone, 'messages.get'),
  op('GET', '/messages/{id:messageId}/reactions', everyone, 'reactions.list'),
  op('GET', '/messages/{id:messageId}/reactions/{reaction:reaction}', everyone, 'reactions.list-one'),
  op('GET', '/roles', everyone, 'roles.list'),
  op('GET', '/roles/{role:id}', everyone, 'roles.get'),
  op('GET', '/roles/{role:id}/permissions', everyone, 'permissions.list'),
  op('GET', '/moderation/reasons', everyone, 'reasons.list'),
  op('GET', '/moderation/reasons/{id:id}', everyone, 'reasons.get'),
  op('GET', '/moderation/blocked-messages', everyone, 'blocked.list'),
  op('GET', '/moderation/reviewed-messages', everyone, 'reviewed.list'),
  op('GET', '/notifications/v1/preferences', everyone, 'preferences.get', forUid),

  op('PATCH', '/moderation/blocked-messages/{messageId:id}', moderators, 'blocked.review', { ...json, bodyTargets: fieldOf('status') }),
  op('DELETE', '/messages/{id:messageId}', moderators, 'messages.delete', {
    ...json,
    bodySchema: z.strictObject({ permanent: z.boolean().optional() }),
    escalation: { when: (body) => z.object({ permanent: z.literal(true) }).safeParse(body).success, roles: admins, what: 'permanent deletion' },
    bodyTargets: (body) => (z.object({ permanent: z.literal(true) }).safeParse(body).success ? 'permanent=true' : undefined),
  }),
  op('POST', '/messages/{id:messageId}/reactions/{reaction:reaction}', moderators, 'reactions.add', actsAsUser),
  op('DELETE', '/messages/{id:messageId}/reactions/{reaction:reaction}', moderators, 'reactions.remove', actsAsUser),
  op('POST', '/moderation/reasons', moderators, 'reasons.create', { ...json, bodyTargets: fieldOf('id') }),
  op('PUT', '/moderation/reasons/{id:id}', moderators, 'reasons.update', json),
  op('DELETE', '/moderation/reasons/{id:id}', moderators, 'reasons.delete'),
  op('POST', '/groups/{guid:id}/bannedusers/{uid:id}', moderators, 'bans.add'),
  op('DELETE', '/groups/{guid:id}/bannedusers/{uid:id}', moderators, 'bans.remove'),
  op('PUT', '/roles/{role:id}/permissions', admins, 'permissions.set', json),
  op('DELETE', '/roles/{role:id}/permissions/{permission:permission}', admins, 'permissions.unset'),
  op('DELETE', '/users', admins, 'users.deactivate', { ...json, bodyTargets: listOf('uidsToDeactivate') }),
  op('PUT', '/users', admins, 'users.reactivate', { ...json, bodyTargets: listOf('uidsToActivate') }),
  op('POST', '/users/{uid:id}/conversation/delivered', support, 'conversations.mark-delivered', { ...json, ...actsAsUser, bodyTargets: fieldOf('messageId') }),
  op('DELETE', '/notifications/v1/preferences', support, 'preferences.reset', forUid),
  op('PATCH', '/notifications/v1/preferences', support, 'preferences.update', { ...json, ...forUid }),
];
