import type Database from 'better-sqlite3';
import type { Group } from '../../../src/api/schemas/group';
import { parseColumn, sql } from '../statements';

export interface GroupRow {
  guid: string;
  name: string;
  type: 'public' | 'private' | 'password';
  description: string | null;
  icon: string | null;
  metadata: string | null;
  owner: string | null;
  tags: string | null;
  created_at: number;
  updated_at: number;
  members_count: number;
}

export interface MembershipRow {
  scope: string;
  joined_at: number;
}

export const groupColumns =
  'g.*, (SELECT count(*) FROM group_members m WHERE m.guid = g.guid) AS members_count';

export function toGroup(row: GroupRow, membership?: MembershipRow | null): Group {
  const group: Group = { guid: row.guid, name: row.name, type: row.type };
  if (row.description !== null) group.description = row.description;
  if (row.icon !== null) group.icon = row.icon;
  const metadata = parseColumn(row.metadata);
  if (metadata && typeof metadata === 'object' && !Array.isArray(metadata))
    group.metadata = Object.fromEntries(Object.entries(metadata));
  if (row.owner !== null) group.owner = row.owner;
  group.membersCount = row.members_count;
  const tags = parseColumn(row.tags);
  if (Array.isArray(tags)) group.tags = tags.filter((t): t is string => typeof t === 'string');
  group.conversationId = `group_${row.guid}`;
  group.createdAt = row.created_at;
  group.updatedAt = row.updated_at;
  if (membership !== undefined) {
    group.hasJoined = membership !== null;
    if (membership) {
      group.scope = membership.scope;
      group.joinedAt = membership.joined_at;
    }
  }
  return group;
}

export function findGroup(db: Database.Database, guid: string): GroupRow | undefined {
  return sql<GroupRow>(db, `SELECT ${groupColumns} FROM groups g WHERE g.guid = ?`).get(guid);
}

export function membershipOf(
  db: Database.Database,
  guid: string,
  uid: string,
): MembershipRow | null {
  return (
    sql<MembershipRow>(
      db,
      'SELECT scope, joined_at FROM group_members WHERE guid = ? AND uid = ?',
    ).get(guid, uid) ?? null
  );
}

export function groupsByGuid(
  db: Database.Database,
  guids: Iterable<string>,
): Map<string, GroupRow> {
  const unique = [...new Set(guids)];
  const rows =
    unique.length === 0
      ? []
      : sql<GroupRow>(
          db,
          `SELECT ${groupColumns} FROM groups g WHERE g.guid IN (SELECT value FROM json_each(?))`,
        ).all(JSON.stringify(unique));
  return new Map(rows.map((row) => [row.guid, row]));
}
