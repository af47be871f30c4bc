import type Database from 'better-sqlite3';
import type { User } from '../../../src/api/schemas/user';
import { parseColumn, sql } from '../statements';

export interface UserRow {
  uid: string;
  name: string;
  avatar: string | null;
  link: string | null;
  metadata: string | null;
  status: string;
  status_message: string | null;
  role: string;
  tags: string | null;
  created_at: number;
  updated_at: number;
  last_active_at: number | null;
  deactivated_at: number | null;
}

function record(value: unknown): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value));
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** The wire shape of a user; absent columns are left out, as the service does. */
export function toUser(row: UserRow): User {
  const user: User = { uid: row.uid, name: row.name };
  if (row.avatar !== null) user.avatar = row.avatar;
  if (row.link !== null) user.link = row.link;
  const metadata = record(parseColumn(row.metadata));
  if (metadata) user.metadata = metadata;
  user.status = row.status;
  if (row.status_message !== null) user.statusMessage = row.status_message;
  user.role = row.role;
  const tags = strings(parseColumn(row.tags));
  if (tags) user.tags = tags;
  user.createdAt = row.created_at;
  user.updatedAt = row.updated_at;
  if (row.last_active_at !== null) user.lastActiveAt = row.last_active_at;
  if (row.deactivated_at !== null) user.deactivatedAt = row.deactivated_at;
  return user;
}

export function findUser(db: Database.Database, uid: string): UserRow | undefined {
  return sql<UserRow>(db, 'SELECT * FROM users WHERE uid = ?').get(uid);
}

/** Deactivated users behave as missing. */
export function findActiveUser(db: Database.Database, uid: string): UserRow | undefined {
  return sql<UserRow>(db, 'SELECT * FROM users WHERE uid = ? AND deactivated_at IS NULL').get(uid);
}

/** Users by uid, for building message entities and reaction records in one query. */
export function usersByUid(db: Database.Database, uids: Iterable<string>): Map<string, UserRow> {
  const unique = [...new Set(uids)];
  const rows = unique.length === 0 ? [] : sql<UserRow>(db, 'SELECT * FROM users WHERE uid IN (SELECT value FROM json_each(?))').all(JSON.stringify(unique));
  return new Map(rows.map((row) => [row.uid, row]));
}

/** The two-party conversation id: the lexically smaller uid first. */
export function userConversationId(a: string, b: string): string {
  return a < b ? `${a}_user_${b}` : `${b}_user_${a}`;
}
