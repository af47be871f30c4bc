import type Database from 'better-sqlite3';
import type { User } from '../../../src/api/schemas/user';
import { parseColumn, sql, sqlRows } from '../statements';
import { Where } from '../where';

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

/** The columns of `UserRow`, in the order of `UserTuple`, for queries read with `readUsers`. */
export const userColumns =
  'uid, name, avatar, link, metadata, status, status_message, role, tags, created_at, updated_at, last_active_at, deactivated_at';

type UserTuple = [
  uid: string,
  name: string,
  avatar: string | null,
  link: string | null,
  metadata: string | null,
  status: string,
  status_message: string | null,
  role: string,
  tags: string | null,
  created_at: number,
  updated_at: number,
  last_active_at: number | null,
  deactivated_at: number | null,
];

const fromTuple = (t: UserTuple): UserRow => ({
  uid: t[0],
  name: t[1],
  avatar: t[2],
  link: t[3],
  metadata: t[4],
  status: t[5],
  status_message: t[6],
  role: t[7],
  tags: t[8],
  created_at: t[9],
  updated_at: t[10],
  last_active_at: t[11],
  deactivated_at: t[12],
});

/** Runs a query that selects `userColumns`, reading rows as arrays (see `sqlRows`): list pages. */
export function readUsers(
  db: Database.Database,
  source: string,
  params: readonly unknown[],
): UserRow[] {
  return sqlRows<UserTuple>(db, source)
    .all(...params)
    .map(fromTuple);
}

/**
 * How many users a list without a search holds, from the counts kept by triggers (migration 3):
 * the same filters as the list's conditions on `deactivated_at`, `role` and `status`.
 */
export function countUsers(
  db: Database.Database,
  state: 'active' | 'deactivated' | 'all',
  role?: string,
  status?: string,
): number {
  const where = new Where()
    .add(state === 'active' ? 'active = 1' : state === 'deactivated' ? 'active = 0' : undefined)
    .when(role, 'role = ?')
    .when(status, 'status = ?');
  return (
    sqlRows<[number]>(
      db,
      `SELECT coalesce(sum(count), 0) FROM user_counts WHERE ${where.toString()}`,
    ).get(...where.params)?.[0] ?? 0
  );
}

function record(value: unknown): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value));
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : undefined;
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
  const rows =
    unique.length === 0
      ? []
      : readUsers(
          db,
          `SELECT ${userColumns} FROM users WHERE uid IN (SELECT value FROM json_each(?))`,
          [JSON.stringify(unique)],
        );
  return new Map(rows.map((row) => [row.uid, row]));
}

/** The two-party conversation id: the lexically smaller uid first. */
export function userConversationId(a: string, b: string): string {
  return a < b ? `${a}_user_${b}` : `${b}_user_${a}`;
}
