import type Database from 'better-sqlite3';
import { sql } from '../statements';
import { findGroup, toGroup } from './groups';
import { systemUser } from './messages';
import { toUser, usersByUid } from './users';

/** `data.action` of a `groupMember` action message, as the service's SDKs name them. */
export type GroupMemberAction =
  'joined' | 'added' | 'kicked' | 'banned' | 'unbanned' | 'scopeChanged' | 'left';

export interface GroupMemberEvent {
  guid: string;
  action: GroupMemberAction;
  /** The acting user; `undefined` when the API key acted alone (the service names `app_system`). */
  by: string | undefined;
  /** The member the action is about. */
  on: string;
  /** The member's scope the action leaves (or, for a removal, the one they had). */
  scope: string;
  at: number;
  /** `scopeChanged` also says `{ scope: { old, new } }`. */
  extras?: Record<string, unknown>;
}

/**
 * Appends a `groupMember` action message to the group's conversation: category `action`, entities
 * `by` (a user), `for` (the group) and `on` (the member, with `scope`), stored as a snapshot so the
 * message reads the same later. Returns its message id.
 */
export function insertGroupMemberAction(db: Database.Database, event: GroupMemberEvent): number {
  const group = findGroup(db, event.guid);
  if (!group) throw new Error(`group ${event.guid} missing`);
  const users = usersByUid(db, event.by === undefined ? [event.on] : [event.by, event.on]);
  const user = (uid: string) => {
    const row = users.get(uid);
    return row ? toUser(row) : { uid, name: uid };
  };
  const by = event.by === undefined ? systemUser : user(event.by);
  const data = {
    action: event.action,
    entities: {
      by: { entity: by, entityType: 'user' },
      for: { entity: toGroup(group), entityType: 'group' },
      on: { entity: { ...user(event.on), scope: event.scope }, entityType: 'user' },
    },
    ...(event.extras ? { extras: event.extras } : {}),
  };
  const result = sql(
    db,
    `INSERT INTO messages (conversation_id, sender, receiver_type, receiver, category, type, data, sent_at, updated_at)
     VALUES (?, ?, 'group', ?, 'action', 'groupMember', ?, ?, ?)`,
  ).run(`group_${event.guid}`, by.uid, event.guid, JSON.stringify(data), event.at, event.at);
  return Number(result.lastInsertRowid);
}
