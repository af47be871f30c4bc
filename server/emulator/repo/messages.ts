import type Database from 'better-sqlite3';
import type { User } from '../../../src/api/schemas/user';
import { parseColumn, sql } from '../statements';
import { groupsByGuid, toGroup } from './groups';
import { toUser, usersByUid } from './users';

export interface MessageRow {
  id: number;
  muid: string | null;
  conversation_id: string;
  sender: string;
  receiver_type: 'user' | 'group';
  receiver: string;
  /** `message`, `custom`, `action`, `call`, `interactive` … stored as sent. */
  category: string;
  type: string;
  data: string;
  tags: string | null;
  sent_at: number;
  updated_at: number;
  edited_at: number | null;
  edited_by: string | null;
  deleted_at: number | null;
  deleted_by: string | null;
  delivered_at: number | null;
  moderation: 'pending' | 'approved' | 'disapproved' | null;
}

/** A `{ entity, entityType }` wrapper inside a message's `data.entities`. */
export interface Entity {
  entity: object;
  entityType: string;
}

export interface ReactionSummary {
  reaction: string;
  count: number;
  /** Present, and true, only when the acting user reacted with it. */
  reactedByMe?: boolean;
}

/**
 * A message on the wire. Its own type rather than the console's schema type: the emulator answers
 * whatever categories and `data` members the service sends (`interactive`, `interactiveData` …).
 */
export interface WireMessage {
  id: string;
  muid?: string;
  conversationId: string;
  sender: string;
  receiverType: 'user' | 'group';
  receiver: string;
  category: string;
  type: string;
  data: {
    [key: string]: unknown;
    entities?: Record<string, Entity>;
    reactions?: ReactionSummary[];
    moderation?: { status: string; rule?: { id: string; name: string } };
  };
  sentAt: number;
  updatedAt: number;
  editedAt?: number;
  editedBy?: string;
  deletedAt?: number;
  deletedBy?: string;
  deliveredAt?: number;
  tags?: string[];
}

/** Messages a user could see: not held back by moderation. */
export const visibleCondition = "(moderation IS NULL OR moderation = 'approved')";

/** Who the service names as the actor when the API key acts without `onBehalfOf`. */
export const systemUser: User = {
  uid: 'app_system',
  name: 'System',
  role: 'default',
  status: 'offline',
};

export function findMessage(db: Database.Database, id: number): MessageRow | undefined {
  return sql<MessageRow>(db, 'SELECT * FROM messages WHERE id = ?').get(id);
}

export function isVisible(row: MessageRow): boolean {
  return row.moderation === null || row.moderation === 'approved';
}

function summaries(
  db: Database.Database,
  ids: number[],
  actingUid?: string,
): Map<number, ReactionSummary[]> {
  const result = new Map<number, ReactionSummary[]>();
  if (ids.length === 0) return result;
  const list = JSON.stringify(ids);
  const counts = sql<{ message_id: number; reaction: string; count: number }>(
    db,
    'SELECT message_id, reaction, count FROM reaction_counts WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY message_id, first_id',
  ).all(list);
  const mine = new Set(
    actingUid === undefined
      ? []
      : sql<{ key: string }>(
          db,
          "SELECT message_id || ' ' || reaction AS key FROM reactions WHERE uid = ? AND message_id IN (SELECT value FROM json_each(?))",
        )
          .all(actingUid, list)
          .map((r) => r.key),
  );
  for (const row of counts) {
    const summary: ReactionSummary = { reaction: row.reaction, count: row.count };
    if (mine.has(`${row.message_id} ${row.reaction}`)) summary.reactedByMe = true;
    const forMessage = result.get(row.message_id) ?? [];
    forMessage.push(summary);
    result.set(row.message_id, forMessage);
  }
  return result;
}

function storedData(row: MessageRow): Record<string, unknown> {
  const data = parseColumn(row.data);
  return data && typeof data === 'object' && !Array.isArray(data)
    ? Object.fromEntries(Object.entries(data))
    : {};
}

/**
 * Wire shapes of messages, with sender/receiver entities and reaction summaries (`reactedByMe`
 * relative to `actingUid`), loaded in a fixed number of queries whatever the page size. A user
 * receiver carries the conversation's id, as the service sends it. Action messages keep the
 * `by`/`for`/`on` entities stored with them: a snapshot of the moment they happened.
 */
export function hydrateMessages(
  db: Database.Database,
  rows: readonly MessageRow[],
  actingUid?: string,
): WireMessage[] {
  const users = usersByUid(
    db,
    rows.flatMap((r) => (r.receiver_type === 'user' ? [r.sender, r.receiver] : [r.sender])),
  );
  const groups = groupsByGuid(
    db,
    rows.filter((r) => r.receiver_type === 'group').map((r) => r.receiver),
  );
  const reactions = summaries(
    db,
    rows.map((r) => r.id),
    actingUid,
  );
  const userEntity = (uid: string) => {
    const row = users.get(uid);
    return {
      entity: row ? toUser(row) : uid === systemUser.uid ? systemUser : { uid, name: uid },
      entityType: 'user',
    };
  };
  const receiverEntity = (row: MessageRow): Entity => {
    const group = row.receiver_type === 'group' ? groups.get(row.receiver) : undefined;
    if (group) return { entity: toGroup(group), entityType: 'group' };
    const user = userEntity(row.receiver);
    return { entity: { ...user.entity, conversationId: row.conversation_id }, entityType: 'user' };
  };
  return rows.map((row) => {
    const data: WireMessage['data'] =
      row.category === 'action'
        ? storedData(row)
        : {
            ...storedData(row),
            entities: { sender: userEntity(row.sender), receiver: receiverEntity(row) },
          };
    const messageReactions = reactions.get(row.id);
    if (messageReactions) data.reactions = messageReactions;
    if (row.moderation !== null) data.moderation = { status: row.moderation };
    const message: WireMessage = {
      id: String(row.id),
      conversationId: row.conversation_id,
      sender: row.sender,
      receiverType: row.receiver_type,
      receiver: row.receiver,
      category: row.category,
      type: row.type,
      data,
      sentAt: row.sent_at,
      updatedAt: row.updated_at,
    };
    if (row.muid !== null) message.muid = row.muid;
    if (row.edited_at !== null) message.editedAt = row.edited_at;
    if (row.edited_by !== null) message.editedBy = row.edited_by;
    if (row.deleted_at !== null) message.deletedAt = row.deleted_at;
    if (row.deleted_by !== null) message.deletedBy = row.deleted_by;
    if (row.delivered_at !== null) message.deliveredAt = row.delivered_at;
    const tags = parseColumn(row.tags);
    if (Array.isArray(tags)) message.tags = tags.filter((t): t is string => typeof t === 'string');
    return message;
  });
}

export function hydrateMessage(
  db: Database.Database,
  row: MessageRow,
  actingUid?: string,
): WireMessage {
  const [message] = hydrateMessages(db, [row], actingUid);
  if (!message) throw new Error(`message ${row.id} did not hydrate`);
  return message;
}

/** Whether `uid` takes part in the message's conversation: one of the two users, or a group member. */
export function isParticipant(db: Database.Database, row: MessageRow, uid: string): boolean {
  if (row.receiver_type === 'user') return row.sender === uid || row.receiver === uid;
  return (
    sql(db, 'SELECT 1 FROM group_members WHERE guid = ? AND uid = ?').get(row.receiver, uid) !==
    undefined
  );
}
