import { realBodies } from '../../src/api/contract/real-bodies';
import type { Json } from '../../src/api/contract/variants';

/**
 * The answers of the stand-in service: the real bodies of `real-responses.json` by operation, and for
 * the reads the file has no body for (users, groups, one message, one reason, reviewed items), bodies
 * assembled from the entities the real bodies carry, never invented shapes.
 */
type Obj = Record<string, Json>;
const obj = (value: Json | undefined): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

function real(name: string): Obj {
  const found = realBodies.find((body) => body.name === name);
  if (!found) throw new Error(`real body "${name}" is missing`);
  return structuredClone(found.body) as Obj;
}

/** All items of the real bodies of one operation, in one list. */
function realItems(operation: string): Json[] {
  return realBodies
    .filter((body) => body.operation === operation)
    .flatMap((body) => list(obj(body.body as Json).data));
}

const pageMeta = (count: number): Obj => ({
  pagination: { total: count, count, per_page: 100, current_page: 1, total_pages: 1 },
});
const cursorMeta = (count: number): Obj => ({ current: { limit: 100, count } });

const messageWithReactions = obj(real('POST /messages/{id}/reactions/{reaction}').data);
const deletion = obj(real('DELETE /messages/{id}').data);
const deletedTarget = obj(obj(obj(obj(deletion.data).entities).on).entity);
const memberAction = obj(
  list(real('GET /messages with a groupMember action (on = user entity)').data)[0],
);
// Both documented items describe message 65; the second gets its own id, as two held messages would.
const blockedItems = realItems('GET /moderation/blocked-messages').map((item, index) => {
  const copy = structuredClone(obj(item));
  copy.message = { ...obj(copy.message), id: String(65 + index) };
  return copy;
});

const users: Json[] = [
  ...list(real('GET /groups/{guid}/bannedusers').data),
  obj(obj(obj(messageWithReactions.data).entities).sender).entity ?? null,
  obj(obj(obj(messageWithReactions.data).entities).receiver).entity ?? null,
].filter((user) => user !== null);
const group = obj(obj(obj(memberAction.data).entities).for).entity ?? {};
const messages: Json[] = [
  messageWithReactions,
  deletedTarget,
  ...realItems('GET /messages'),
  ...blockedItems.map((item) => obj(item).message ?? null).filter((item) => item !== null),
  ...realItems('GET /moderation/flagged-messages').map((item) => {
    const { flaggedBy: _reports, appId: _app, ...message } = obj(item);
    return message;
  }),
];

/** Decided items: the blocked item's shape with the moderation status the reviewed list shows. */
const reviewedItems: Json[] = blockedItems.map((item, index) => {
  const copy = structuredClone(obj(item));
  const message = obj(copy.message);
  const data = obj(message.data);
  data.moderation = { status: index === 0 ? 'disapproved' : 'approved' };
  message.id = String(Number(message.id ?? 0) + 1000 + index);
  message.data = data;
  copy.message = message;
  return copy;
});

export const standInData = { users, group: obj(group), messages, blockedItems, reviewedItems };

export const bodies = {
  roles: real('GET /roles'),
  role: real('GET /roles/{role}'),
  catalog: real('GET /roles/{role}/permissions'),
  setPermissions: real('PUT /roles/{role}/permissions'),
  unsetPermission: real('DELETE /roles/{role}/permissions/{permission}'),
  deleteMessage: real('DELETE /messages/{id}'),
  delivered: real('POST /users/{uid}/conversation/delivered'),
  deactivate: real('DELETE /users (observed: unknown + already)'),
  reactivate: real('PUT /users (observed)'),
  updateReason: real('PUT /moderation/reasons/{id}'),
  reasons: real('GET /moderation/reasons'),
  deleteReason: real('DELETE /moderation/reasons/{id} (no data wrapper)'),
  banned: real('GET /groups/{guid}/bannedusers'),
  approve: real('PATCH /moderation/blocked-messages/{messageId} (approve)'),
  review: real('PATCH /moderation/blocked-messages/{id} (review)'),
  reaction: real('POST /messages/{id}/reactions/{reaction}'),
  reactions: real('GET /messages/{id}/reactions'),
  reactionsOfOne: real('GET /messages/{id}/reactions/{reaction}'),
  resetPreferences: real('DELETE /notifications/v1/preferences'),
  preferences: real('GET /notifications/v1/preferences?uid= (shape A)'),
  flagged: real('GET /moderation/flagged-messages'),
  reviewFlagged: real('PATCH /moderation/flagged-messages/{id} (no data wrapper)'),
  flag: real('POST /messages/{id}/flagged'),
  members: real('GET /groups/{guid}/members'),
  kick: real('DELETE /groups/{guid}/members/{uid}'),
  users: { data: users, meta: pageMeta(users.length) } as Obj,
  groups: { data: [group], meta: pageMeta(1) } as Obj,
  messages: { data: messages, meta: cursorMeta(messages.length) } as Obj,
  blocked: {
    data: blockedItems,
    meta: { current: { limit: 50, count: blockedItems.length } },
  } as Obj,
  reviewed: {
    data: reviewedItems,
    meta: { current: { limit: 50, count: reviewedItems.length } },
  } as Obj,
};
