import { z } from '../zod';
import type { AuditTargets } from '../schemas/console';
import { fieldAt, flagAt, uidListAt } from './audit-targets';
import type { Capability } from './capabilities';
import { changeMemberScopeBodySchema } from '../schemas/group';
import type { ParamClass } from './param-classes';
import { compileTemplate } from './templates';
import {
  groupMembersQuery,
  groupsListQuery,
  messagesListQuery,
  pageQuery,
  reactionCursorQuery,
  uidQuery,
  usersListQuery,
} from './query-parameters';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type HeaderUse = 'none' | 'required';

/** One chat operation the console performs with the API key. */
export interface ChatOperation<Name extends string = string> {
  /** Name recorded in the audit trail and logs, `blocked.review`. */
  name: Name;
  method: Method;
  /** Path below `/v3`, parameters as `{name:class}` (see `param-classes.ts`). */
  template: string;
  /** The query parameters the service documents here; no other parameter goes upstream. */
  query: readonly string[];
  /** What the operator's role must allow (see `capabilities.ts`). */
  capability: Capability;
  body: 'none' | 'json';
  onBehalfOf?: HeaderUse;
  /** Accepts the operator's reason (`x-console-reason`), recorded in the audit trail only. */
  reason?: boolean;
  /**
   * Accepts the operator's note (`x-console-note`) and the id of a moderation reason
   * (`x-console-reason-id`), recorded in the audit trail only (decision 0015).
   */
  note?: boolean;
  /** Query parameters that must be present, with their class. */
  requiredQuery?: Readonly<Record<string, ParamClass>>;
  /** A stricter shape for bodies whose content decides who may send them. */
  bodySchema?: z.ZodType;
  /** The capability needed when the body asks for more than the operation's default. */
  escalation?: { capability: Capability; what: string; when: (body: unknown) => boolean };
  /** Targets named in the body (bulk operations), for the audit trail. */
  bodyTargets?: (body: unknown) => AuditTargets | undefined;
}

type Extra = Partial<Omit<ChatOperation, 'name' | 'method' | 'template' | 'capability'>>;

/** A catalogue entry with its literal method, template, query list and body kind, for typed calls. */
type Entry<
  Name extends string,
  M extends Method,
  T extends string,
  X extends Extra,
> = ChatOperation<Name> & {
  readonly method: M;
  readonly template: T;
  readonly query: X extends { query: infer Q extends readonly string[] } ? Q : readonly [];
  readonly body: X extends { body: 'json' } ? 'json' : 'none';
};

const op = <
  const Name extends string,
  const M extends Method,
  const T extends string,
  const X extends Extra = Record<never, never>,
>(
  method: M,
  template: T,
  capability: Capability,
  name: Name,
  more?: X,
) =>
  ({
    name,
    method,
    template,
    capability,
    query: [],
    body: 'none',
    ...more,
  }) as Entry<Name, M, T, X>;

const read = <
  const Name extends string,
  const T extends string,
  const X extends Extra = Record<never, never>,
>(
  template: T,
  name: Name,
  more?: X,
) => op('GET', template, 'readChatData', name, more);

const json = { body: 'json' } as const;
const actsAsUser = { onBehalfOf: 'required', reason: true } as const;
const forUid = { requiredQuery: { uid: 'id' }, query: uidQuery } as const;
const permanent = z.object({ permanent: z.literal(true) });
/** Decisions and bans: the operator's reason and note go to the audit trail, never upstream. */
const explained = { reason: true, note: true } as const;

// prettier-ignore
const catalogue = [
  read('/users', 'users.list', { query: usersListQuery }),
  read('/users/{uid:id}', 'users.get'),
  read('/groups', 'groups.list', { query: groupsListQuery }),
  read('/groups/{guid:id}', 'groups.get'),
  read('/groups/{guid:id}/bannedusers', 'bans.list', { query: pageQuery }),
  read('/groups/{guid:id}/members', 'members.list', { query: groupMembersQuery }),
  read('/messages', 'messages.list', { query: messagesListQuery }),
  read('/messages/{id:messageId}', 'messages.get'),
  read('/messages/{id:messageId}/reactions', 'reactions.list', { query: reactionCursorQuery }),
  read('/messages/{id:messageId}/reactions/{reaction:reaction}', 'reactions.list-one', { query: reactionCursorQuery }),
  read('/roles', 'roles.list', { query: pageQuery }),
  read('/roles/{role:id}', 'roles.get'),
  read('/roles/{role:id}/permissions', 'permissions.list'),
  read('/moderation/reasons', 'reasons.list'),
  read('/moderation/reasons/{id:id}', 'reasons.get'),
  read('/moderation/blocked-messages', 'blocked.list'),
  read('/moderation/reviewed-messages', 'reviewed.list'),
  read('/moderation/flagged-messages', 'flagged.list'),
  read('/notifications/v1/preferences', 'preferences.get', forUid),

  op('PATCH', '/moderation/blocked-messages/{messageId:id}', 'moderateBlocked', 'blocked.review', { ...json, ...explained, bodyTargets: fieldAt('status') }),
  op('PATCH', '/moderation/flagged-messages/{id:messageId}', 'moderateFlagged', 'flagged.review', { ...json, ...explained, bodyTargets: fieldAt('status') }),
  op('POST', '/messages/{id:messageId}/flagged', 'flagOnBehalf', 'messages.flag', { ...json, ...actsAsUser, bodyTargets: fieldAt('reasonId') }),
  op('DELETE', '/messages/{id:messageId}', 'deleteMessage', 'messages.delete', {
    ...json,
    ...explained,
    bodySchema: z.strictObject({ permanent: z.boolean().optional() }),
    escalation: { capability: 'deleteMessagePermanently', what: 'permanent deletion', when: (body: unknown) => permanent.safeParse(body).success },
    bodyTargets: flagAt('permanent'),
  }),
  op('POST', '/messages/{id:messageId}/reactions/{reaction:reaction}', 'reactOnBehalf', 'reactions.add', actsAsUser),
  op('DELETE', '/messages/{id:messageId}/reactions/{reaction:reaction}', 'reactOnBehalf', 'reactions.remove', actsAsUser),
  op('POST', '/moderation/reasons', 'manageReasons', 'reasons.create', { ...json, bodyTargets: fieldAt('id') }),
  op('PUT', '/moderation/reasons/{id:id}', 'manageReasons', 'reasons.update', json),
  op('DELETE', '/moderation/reasons/{id:id}', 'manageReasons', 'reasons.delete'),
  op('POST', '/groups/{guid:id}/bannedusers/{uid:id}', 'manageBans', 'bans.add', explained),
  op('DELETE', '/groups/{guid:id}/bannedusers/{uid:id}', 'manageBans', 'bans.remove', explained),
  op('DELETE', '/groups/{guid:id}/members/{uid:id}', 'manageMembers', 'members.kick', explained),
  op('PUT', '/groups/{guid:id}/members/{uid:id}', 'manageMembers', 'members.scope', { ...json, ...explained, bodySchema: changeMemberScopeBodySchema, bodyTargets: fieldAt('scope') }),
  op('PUT', '/roles/{role:id}/permissions', 'editPermissions', 'permissions.set', json),
  op('DELETE', '/roles/{role:id}/permissions/{permission:permission}', 'editPermissions', 'permissions.unset'),
  op('DELETE', '/users', 'manageUserAccounts', 'users.deactivate', { ...json, reason: true, bodyTargets: uidListAt('uidsToDeactivate') }),
  op('PUT', '/users', 'manageUserAccounts', 'users.reactivate', { ...json, reason: true, bodyTargets: uidListAt('uidsToActivate') }),
  op('POST', '/users/{uid:id}/conversation/delivered', 'markDelivered', 'conversations.mark-delivered', { ...json, ...actsAsUser, bodyTargets: fieldAt('messageId') }),
  op('DELETE', '/notifications/v1/preferences', 'editNotificationPreferences', 'preferences.reset', forUid),
  op('PATCH', '/notifications/v1/preferences', 'editNotificationPreferences', 'preferences.update', { ...json, ...forUid }),
] as const;

export type OperationName = (typeof catalogue)[number]['name'];

/** The operations that change something at the service: each is audited and needs its wording. */
export type WriteOperationName = Exclude<
  OperationName,
  Extract<(typeof catalogue)[number], { method: 'GET' }>['name']
>;

/** The catalogue entry of an operation, with its literal method, template and query list. */
export type OperationEntry<N extends OperationName> = Extract<
  (typeof catalogue)[number],
  { name: N }
>;

/** `/users/{uid:id}` → `/users/{uid}`, as a type. */
type Documented<T extends string> = T extends `${infer A}{${infer P}:${string}}${infer B}`
  ? `${A}{${P}}${Documented<B>}`
  : T;

/** `DELETE /messages/{id}`: an operation as the service's documentation names it, as a type. */
export type LabelOf<N extends OperationName> =
  `${OperationEntry<N>['method']} ${Documented<OperationEntry<N>['template']>}`;

/** Every operation's label. */
export type OperationLabel = { [N in OperationName]: LabelOf<N> }[OperationName];

/**
 * The operations the console performs with the API key, and the only ones the console server
 * forwards: nothing else reaches the chat service.
 */
export const chatOperations: readonly ChatOperation<OperationName>[] = catalogue;

const byName = new Map<string, ChatOperation<OperationName>>(
  chatOperations.map((op) => [op.name, op]),
);

/** The catalogue entry of an operation by its name. */
export const operationNamed = <N extends OperationName>(name: N) =>
  byName.get(name) as OperationEntry<N>;

/** `DELETE /messages/{id}`: the operation as the service's documentation names it. */
export const operationLabel = (op: Pick<ChatOperation, 'method' | 'template'>) =>
  `${op.method} ${compileTemplate(op.template).documented}`;
