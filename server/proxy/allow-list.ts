import { z } from 'zod';
import type { OperatorRole } from '../../src/api/schemas/session';

/** Character class of each kind of path parameter; a segment that does not fit is a 404. */
export const paramClasses = {
  /** uid, guid, role id, moderation reason id: the service's alpha-dash ids. */
  id: (s: string) => /^[A-Za-z0-9_-]{1,100}$/.test(s),
  messageId: (s: string) => /^[0-9]{1,20}$/.test(s),
  permission: (s: string) => /^[A-Za-z][A-Za-z0-9_]{0,63}(\.[A-Za-z][A-Za-z0-9_]{0,63}){0,3}$/.test(s),
  /** Any text (emoji, ZWJ sequences, flags, `:tokens:`), but never a separator or a dot segment. */
  reaction: (s: string) =>
    [...s].length <= 64 && s.length > 0 && !/[/\\%]/.test(s) && !/\p{Cc}/u.test(s) && !/^\.+$/.test(s),
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

/** The only operations the console may perform with the API key. Nothing else is ever forwarded. */
export const allowList: readonly Operation[] = [
  { method: 'GET', template: '/users', roles: everyone, action: 'users.list', body: 'none' },
  { method: 'GET', template: '/users/{uid:id}', roles: everyone, action: 'users.get', body: 'none' },
  { method: 'GET', template: '/groups', roles: everyone, action: 'groups.list', body: 'none' },
  { method: 'GET', template: '/groups/{guid:id}', roles: everyone, action: 'groups.get', body: 'none' },
  { method: 'GET', template: '/groups/{guid:id}/bannedusers', roles: everyone, action: 'bans.list', body: 'none' },
  { method: 'GET', template: '/messages', roles: everyone, action: 'messages.list', body: 'none' },
  { method: 'GET', template: '/messages/{id:messageId}', roles: everyone, action: 'messages.get', body: 'none' },
  { method: 'GET', template: '/messages/{id:messageId}/reactions', roles: everyone, action: 'reactions.list', body: 'none' },
  { method: 'GET', template: '/messages/{id:messageId}/reactions/{reaction:reaction}', roles: everyone, action: 'reactions.list-one', body: 'none' },
  { method: 'GET', template: '/roles', roles: everyone, action: 'roles.list', body: 'none' },
  { method: 'GET', template: '/roles/{role:id}', roles: everyone, action: 'roles.get', body: 'none' },
  { method: 'GET', template: '/roles/{role:id}/permissions', roles: everyone, action: 'permissions.list', body: 'none' },
  { method: 'GET', template: '/moderation/reasons', roles: everyone, action: 'reasons.list', body: 'none' },
  { method: 'GET', template: '/moderation/reasons/{id:id}', roles: everyone, action: 'reasons.get', body: 'none' },
  { method: 'GET', template: '/moderation/blocked-messages', roles: everyone, action: 'blocked.list', body: 'none' },
  { method: 'GET', template: '/notifications/v1/preferences', roles: everyone, action: 'preferences.get', body: 'none', requiredQuery: { uid: 'id' } },

  { method: 'PATCH', template: '/moderation/blocked-messages/{messageId:id}', roles: moderators, action: 'blocked.review', body: 'json' },
  {
    method: 'DELETE', template: '/messages/{id:messageId}', roles: moderators, action: 'messages.delete', body: 'json',
    bodySchema: z.strictObject({ permanent: z.boolean().optional() }),
    escalation: { when: (body) => z.object({ permanent: z.literal(true) }).safeParse(body).success, roles: admins, what: 'permanent deletion' },
  },
  { method: 'POST', template: '/messages/{id:messageId}/reactions/{reaction:reaction}', roles: moderators, action: 'reactions.add', body: 'none', onBehalfOf: 'required', reason: true },
  { method: 'DELETE', template: '/messages/{id:messageId}/reactions/{reaction:reaction}', roles: moderators, action: 'reactions.remove', body: 'none', onBehalfOf: 'required', reason: true },
  { method: 'POST', template: '/moderation/reasons', roles: moderators, action: 'reasons.create', body: 'json', bodyTargets: fieldOf('id') },
  { method: 'PUT', template: '/moderation/reasons/{id:id}', roles: moderators, action: 'reasons.update', body: 'json' },
  { method: 'DELETE', template: '/moderation/reasons/{id:id}', roles: moderators, action: 'reasons.delete', body: 'none' },
  { method: 'POST', template: '/groups/{guid:id}/bannedusers/{uid:id}', roles: moderators, action: 'bans.add', body: 'none' },
  { method: 'DELETE', template: '/groups/{guid:id}/bannedusers/{uid:id}', roles: moderators, action: 'bans.remove', body: 'none' },
  { method: 'PUT', template: '/roles/{role:id}/permissions', roles: admins, action: 'permissions.set', body: 'json' },
  { method: 'DELETE', template: '/roles/{role:id}/permissions/{permission:permission}', roles: admins, action: 'permissions.unset', body: 'none' },
  { method: 'DELETE', template: '/users', roles: admins, action: 'users.deactivate', body: 'json', bodyTargets: listOf('uidsToDeactivate') },
  { method: 'PUT', template: '/users', roles: admins, action: 'users.reactivate', body: 'json', bodyTargets: listOf('uidsToActivate') },
  { method: 'POST', template: '/users/{uid:id}/conversation/delivered', roles: support, action: 'conversations.mark-delivered', body: 'json', onBehalfOf: 'required', reason: true, bodyTargets: fieldOf('messageId') },
  { method: 'DELETE', template: '/notifications/v1/preferences', roles: support, action: 'preferences.reset', body: 'none', requiredQuery: { uid: 'id' } },
  { method: 'PATCH', template: '/notifications/v1/preferences', roles: support, action: 'preferences.update', body: 'json', requiredQuery: { uid: 'id' } },
];
