import { z } from '../zod';
import type { AuditTargets } from '../schemas/console';
import type { AnswerSchemaName } from './answer-schemas';
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
  /** The schema its success answer is read with, by name (see `answer-schemas.ts`). */
  answer: AnswerSchemaName;
  /** Writes: how the audit trail's lines word it ("banned a group member"). */
  words?: string;
}

type Extra = Partial<
  Omit<ChatOperation, 'name' | 'method' | 'template' | 'capability' | 'answer'>
> &
  Pick<ChatOperation, 'answer'>;

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
  readonly answer: X['answer'];
};

const op = <
  const Name extends string,
  const M extends Method,
  const T extends string,
  const X extends Extra,
>(
  method: M,
  template: T,
  capability: Capability,
  name: Name,
  more: X,
) => {
  const entry: ChatOperation<Name> = {
    name,
    method,
    template,
    capability,
    query: [],
    body: 'none',
    ...more,
  };
  return entry as Entry<Name, M, T, X>;
};

/** A read: its answer's schema. */
const read = <const Name extends string, const T extends string, const X extends Extra>(
  template: T,
  name: Name,
  more: X,
) => op('GET', template, 'readChatData', name, more);

/** A write: its answer's schema and its wording in the audit trail's lines. */
const write = <
  const Name extends string,
  const M extends Exclude<Method, 'GET'>,
  const T extends string,
  const X extends Extra & { words: string },
>(
  method: M,
  template: T,
  capability: Capability,
  name: Name,
  more: X,
) => op(method, template, capability, name, more);

const json = { body: 'json' } as const;
const actsAsUser = { onBehalfOf: 'required', reason: true } as const;
const forUid = { requiredQuery: { uid: 'id' }, query: uidQuery } as const;
const permanent = z.object({ permanent: z.literal(true) });
/** Decisions and bans: the operator's reason and note go to the audit trail, never upstream. */
const explained = { reason: true, note: true } as const;

// prettier-ignore
const catalogue = [
  read('/users', 'users.list', { answer: 'userListResponseSchema', query: usersListQuery }),
  read('/users/{uid:id}', 'users.get', { answer: 'userResponseSchema' }),
  read('/groups', 'groups.list', { answer: 'groupListResponseSchema', query: groupsListQuery }),
  read('/groups/{guid:id}', 'groups.get', { answer: 'groupResponseSchema' }),
  read('/groups/{guid:id}/bannedusers', 'bans.list', { answer: 'bannedUsersResponseSchema', query: pageQuery }),
  read('/groups/{guid:id}/members', 'members.list', { answer: 'groupMembersResponseSchema', query: groupMembersQuery }),
  read('/messages', 'messages.list', { answer: 'messageListResponseSchema', query: messagesListQuery }),
  read('/messages/{id:messageId}', 'messages.get', { answer: 'messageResponseSchema' }),
  read('/messages/{id:messageId}/reactions', 'reactions.list', { answer: 'reactionListResponseSchema', query: reactionCursorQuery }),
  read('/messages/{id:messageId}/reactions/{reaction:reaction}', 'reactions.list-one', { answer: 'reactionListResponseSchema', query: reactionCursorQuery }),
  read('/roles', 'roles.list', { answer: 'roleListResponseSchema', query: pageQuery }),
  read('/roles/{role:id}', 'roles.get', { answer: 'roleResponseSchema' }),
  read('/roles/{role:id}/permissions', 'permissions.list', { answer: 'permissionCatalogResponseSchema' }),
  read('/moderation/reasons', 'reasons.list', { answer: 'reasonListResponseSchema' }),
  read('/moderation/reasons/{id:id}', 'reasons.get', { answer: 'reasonResponseSchema' }),
  read('/moderation/blocked-messages', 'blocked.list', { answer: 'blockedMessageListResponseSchema' }),
  read('/moderation/reviewed-messages', 'reviewed.list', { answer: 'reviewedMessageListResponseSchema' }),
  read('/moderation/flagged-messages', 'flagged.list', { answer: 'flaggedMessageListResponseSchema' }),
  read('/notifications/v1/preferences', 'preferences.get', { answer: 'notificationPreferencesResponseSchema', ...forUid }),

  write('PATCH', '/moderation/blocked-messages/{messageId:id}', 'moderateBlocked', 'blocked.review', { answer: 'reviewBlockedMessageResponseSchema', words: 'reviewed a blocked message', ...json, ...explained, bodyTargets: fieldAt('status') }),
  write('PATCH', '/moderation/flagged-messages/{id:messageId}', 'moderateFlagged', 'flagged.review', { answer: 'reviewFlaggedMessageResponseSchema', words: 'reviewed a flagged message', ...json, ...explained, bodyTargets: fieldAt('status') }),
  write('POST', '/messages/{id:messageId}/flagged', 'flagOnBehalf', 'messages.flag', { answer: 'flagMessageResponseSchema', words: 'flagged a message on behalf of a user', ...json, ...actsAsUser, bodyTargets: fieldAt('reasonId') }),
  write('DELETE', '/messages/{id:messageId}', 'deleteMessage', 'messages.delete', {
    answer: 'deleteMessageResponseSchema',
    words: 'deleted a message',
    ...json,
    ...explained,
    bodySchema: z.strictObject({ permanent: z.boolean().optional() }),
    escalation: { capability: 'deleteMessagePermanently', what: 'permanent deletion', when: (body: unknown) => permanent.safeParse(body).success },
    bodyTargets: flagAt('permanent'),
  }),
  write('POST', '/messages/{id:messageId}/reactions/{reaction:reaction}', 'reactOnBehalf', 'reactions.add', { answer: 'reactionMutationResponseSchema', words: 'added a reaction on behalf of a user', ...actsAsUser }),
  write('DELETE', '/messages/{id:messageId}/reactions/{reaction:reaction}', 'reactOnBehalf', 'reactions.remove', { answer: 'reactionMutationResponseSchema', words: 'removed a reaction on behalf of a user', ...actsAsUser }),
  write('POST', '/moderation/reasons', 'manageReasons', 'reasons.create', { answer: 'reasonResponseSchema', words: 'created a moderation reason', ...json, bodyTargets: fieldAt('id') }),
  write('PUT', '/moderation/reasons/{id:id}', 'manageReasons', 'reasons.update', { answer: 'reasonResponseSchema', words: 'edited a moderation reason', ...json }),
  write('DELETE', '/moderation/reasons/{id:id}', 'manageReasons', 'reasons.delete', { answer: 'successResponseSchema', words: 'deleted a moderation reason' }),
  write('POST', '/groups/{guid:id}/bannedusers/{uid:id}', 'manageBans', 'bans.add', { answer: 'banResponseSchema', words: 'banned a group member', ...explained }),
  write('DELETE', '/groups/{guid:id}/bannedusers/{uid:id}', 'manageBans', 'bans.remove', { answer: 'banResponseSchema', words: 'unbanned a group member', ...explained }),
  write('DELETE', '/groups/{guid:id}/members/{uid:id}', 'manageMembers', 'members.kick', { answer: 'memberActionResponseSchema', words: 'removed a member from a group', ...explained }),
  write('PUT', '/groups/{guid:id}/members/{uid:id}', 'manageMembers', 'members.scope', { answer: 'memberActionResponseSchema', words: 'changed a group member’s scope', ...json, ...explained, bodySchema: changeMemberScopeBodySchema, bodyTargets: fieldAt('scope') }),
  write('PUT', '/roles/{role:id}/permissions', 'editPermissions', 'permissions.set', { answer: 'setPermissionsResponseSchema', words: 'changed role permissions', ...json }),
  write('DELETE', '/roles/{role:id}/permissions/{permission:permission}', 'editPermissions', 'permissions.unset', { answer: 'unsetPermissionResponseSchema', words: 'reset a role permission' }),
  write('DELETE', '/users', 'manageUserAccounts', 'users.deactivate', { answer: 'deactivateUsersResponseSchema', words: 'deactivated users', ...json, reason: true, bodyTargets: uidListAt('uidsToDeactivate') }),
  write('PUT', '/users', 'manageUserAccounts', 'users.reactivate', { answer: 'reactivateUsersResponseSchema', words: 'reactivated users', ...json, reason: true, bodyTargets: uidListAt('uidsToActivate') }),
  write('POST', '/users/{uid:id}/conversation/delivered', 'markDelivered', 'conversations.mark-delivered', { answer: 'markDeliveredResponseSchema', words: 'marked a conversation delivered', ...json, ...actsAsUser, bodyTargets: fieldAt('messageId') }),
  write('DELETE', '/notifications/v1/preferences', 'editNotificationPreferences', 'preferences.reset', { answer: 'notificationPreferencesResponseSchema', words: 'reset notification preferences', ...forUid }),
  write('PATCH', '/notifications/v1/preferences', 'editNotificationPreferences', 'preferences.update', { answer: 'notificationPreferencesResponseSchema', words: 'edited notification preferences', ...json, ...forUid }),
] as const;

export type OperationName = (typeof catalogue)[number]['name'];

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

const documentedPaths = new Map<string, string>();

/**
 * `DELETE /messages/{id}`: the operation as the service's documentation names it. Each template is
 * compiled once: the console server names the operation of every call it forwards.
 */
export function operationLabel(op: Pick<ChatOperation, 'method' | 'template'>): string {
  let path = documentedPaths.get(op.template);
  if (path === undefined) {
    path = compileTemplate(op.template).documented;
    documentedPaths.set(op.template, path);
  }
  return `${op.method} ${path}`;
}
