import type Database from 'better-sqlite3';
import { userConversationId } from '../repo/users';
import { sql } from '../statements';

/**
 * The seed time of the test stores and of the scale data (Unix seconds). The demo data is dated
 * relative to the moment it is seeded (`seedDemo`); the tests seed it at this instant, so their rows
 * never change.
 */
export const seedEpoch = 1763500000;
export const day = 86_400;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export function insertRole(
  db: Database.Database,
  role: {
    role: string;
    name: string;
    description: string;
    createdAt: number;
    metadata?: Record<string, unknown>;
    settings?: Record<string, string>;
  },
) {
  sql(
    db,
    'INSERT INTO roles (role, name, description, metadata, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    role.role,
    role.name,
    role.description,
    json(role.metadata),
    json(role.settings),
    role.createdAt,
    role.createdAt,
  );
}

export function setPermission(db: Database.Database, role: string, key: string, value: unknown) {
  sql(db, 'INSERT OR REPLACE INTO role_permissions (role, key, value) VALUES (?, ?, ?)').run(
    role,
    key,
    JSON.stringify(value),
  );
}

export interface SeedUser {
  uid: string;
  name: string;
  role: string;
  status: 'available' | 'offline';
  avatar?: string;
  link?: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
  statusMessage?: string;
  createdAt: number;
  lastActiveAt?: number;
  deactivatedAt?: number;
}

export function insertUser(db: Database.Database, u: SeedUser) {
  sql(
    db,
    `INSERT INTO users (uid, name, avatar, link, metadata, status, status_message, role, tags, created_at, updated_at, last_active_at, deactivated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    u.uid,
    u.name,
    u.avatar ?? null,
    u.link ?? null,
    json(u.metadata),
    u.status,
    u.statusMessage ?? null,
    u.role,
    json(u.tags),
    u.createdAt,
    u.createdAt,
    u.lastActiveAt ?? null,
    u.deactivatedAt ?? null,
  );
}

export interface SeedGroup {
  guid: string;
  name: string;
  type: 'public' | 'private' | 'password';
  description: string;
  owner: string;
  createdAt: number;
  tags?: string[];
}

export function insertGroup(db: Database.Database, g: SeedGroup) {
  sql(
    db,
    'INSERT INTO groups (guid, name, type, description, icon, owner, tags, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    g.guid,
    g.name,
    g.type,
    g.description,
    `https://avatars.example.com/g/${g.guid}.png`,
    g.owner,
    json(g.tags),
    g.createdAt,
    g.createdAt,
  );
  addMember(db, g.guid, g.owner, 'admin', g.createdAt);
}

export function addMember(
  db: Database.Database,
  guid: string,
  uid: string,
  scope: 'admin' | 'moderator' | 'participant',
  joinedAt: number,
) {
  sql(
    db,
    'INSERT OR IGNORE INTO group_members (guid, uid, scope, joined_at) VALUES (?, ?, ?, ?)',
  ).run(guid, uid, scope, joinedAt);
}

export function banUser(db: Database.Database, guid: string, uid: string, bannedAt: number) {
  sql(db, 'DELETE FROM group_members WHERE guid = ? AND uid = ?').run(guid, uid);
  sql(db, 'INSERT INTO group_bans (guid, uid, banned_at) VALUES (?, ?, ?)').run(
    guid,
    uid,
    bannedAt,
  );
}

export interface SeedMessage {
  sender: string;
  receiverType: 'user' | 'group';
  receiver: string;
  category?: 'message' | 'custom' | 'interactive';
  type?: string;
  data: Record<string, unknown>;
  sentAt: number;
  muid?: string;
  tags?: string[];
  editedAt?: number;
  deletedAt?: number;
  deletedBy?: string;
  moderation?: 'pending' | 'approved' | 'disapproved';
}

export function conversationIdOf(
  receiverType: 'user' | 'group',
  sender: string,
  receiver: string,
): string {
  return receiverType === 'group' ? `group_${receiver}` : userConversationId(sender, receiver);
}

export function insertMessage(db: Database.Database, m: SeedMessage): number {
  const result = sql(
    db,
    `INSERT INTO messages (muid, conversation_id, sender, receiver_type, receiver, category, type, data, tags, sent_at, updated_at,
       edited_at, edited_by, deleted_at, deleted_by, moderation)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    m.muid ?? null,
    conversationIdOf(m.receiverType, m.sender, m.receiver),
    m.sender,
    m.receiverType,
    m.receiver,
    m.category ?? 'message',
    m.type ?? 'text',
    JSON.stringify(m.data),
    json(m.tags),
    m.sentAt,
    Math.max(m.sentAt, m.editedAt ?? 0, m.deletedAt ?? 0),
    m.editedAt ?? null,
    m.editedAt === undefined ? null : m.sender,
    m.deletedAt ?? null,
    m.deletedBy ?? null,
    m.moderation ?? null,
  );
  return Number(result.lastInsertRowid);
}

export function addReaction(
  db: Database.Database,
  messageId: number,
  reaction: string,
  uid: string,
  reactedAt: number,
) {
  sql(
    db,
    'INSERT OR IGNORE INTO reactions (message_id, reaction, uid, reacted_at) VALUES (?, ?, ?, ?)',
  ).run(messageId, reaction, uid, reactedAt);
}

export interface SeedBlock {
  messageId: number;
  ruleId: string;
  ruleName: string;
  condition: Record<string, unknown>;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: number;
  /** When it was decided; an hour after `createdAt` unless given. */
  updatedAt?: number;
}

export function insertBlocked(db: Database.Database, b: SeedBlock) {
  sql(
    db,
    `INSERT INTO blocked_messages (message_id, rule_id, rule_name, revision_id, condition, action, status, reviewed, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    b.messageId,
    b.ruleId,
    b.ruleName,
    `demo_${b.ruleId}_3`,
    JSON.stringify(b.condition),
    JSON.stringify(['blockMessage']),
    b.status,
    b.status === 'pending' ? 0 : 1,
    b.createdAt,
    b.status === 'pending' ? b.createdAt : (b.updatedAt ?? b.createdAt + 3600),
  );
}

/**
 * A message a moderation rule held back: the message, pending, and its entry in the blocked list
 * (created when it was sent unless `createdAt` says otherwise); the message's id.
 */
export function insertHeldBack(
  db: Database.Database,
  message: Omit<SeedMessage, 'moderation'>,
  rule: Pick<SeedBlock, 'ruleId' | 'ruleName' | 'condition'>,
  createdAt = message.sentAt,
): number {
  const messageId = insertMessage(db, { ...message, moderation: 'pending' });
  insertBlocked(db, { messageId, ...rule, status: 'pending', createdAt });
  return messageId;
}

export function insertReason(
  db: Database.Database,
  r: { id: string; name: string; description: string; isDefault: boolean; createdAt: number },
) {
  sql(
    db,
    'INSERT INTO moderation_reasons (id, name, description, is_default, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(r.id, r.name, r.description, r.isDefault ? 1 : 0, r.createdAt, r.createdAt);
}
