import type Database from 'better-sqlite3';
import type { PermissionMap, PermissionValue } from '../../../src/api/schemas/role';
import { permissionValueSchema } from '../../../src/api/schemas/role';
import { catalogById, permissionCatalog } from '../permission-catalog';
import { parseColumn, sql } from '../statements';

export interface RoleRow {
  role: string;
  name: string;
  description: string | null;
  metadata: string | null;
  /** The legacy role settings (`listUsers`, `sendMessagesTo`), JSON. */
  settings: string | null;
  created_at: number;
  updated_at: number;
}

export function findRole(db: Database.Database, role: string): RoleRow | undefined {
  return sql<RoleRow>(db, 'SELECT * FROM roles WHERE role = ?').get(role);
}

export function roleIds(db: Database.Database): string[] {
  return sql<{ role: string }>(db, 'SELECT role FROM roles ORDER BY role')
    .all()
    .map((r) => r.role);
}

const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : undefined;

/** The documented role record: no permissions (the service reports the map only in permission writes). */
export interface WireRole {
  role: string;
  name: string;
  description?: string;
  metadata?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

export function toRole(row: RoleRow): WireRole {
  const metadata = record(parseColumn(row.metadata));
  const settings = record(parseColumn(row.settings));
  return {
    role: row.role,
    name: row.name,
    ...(row.description === null ? {} : { description: row.description }),
    ...(metadata ? { metadata } : {}),
    ...(settings ? { settings } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Values the role sets itself, in key order. */
export function explicitPermissions(
  db: Database.Database,
  role: string,
): Map<string, PermissionValue> {
  const rows = sql<{ key: string; value: string }>(
    db,
    'SELECT key, value FROM role_permissions WHERE role = ? ORDER BY key',
  ).all(role);
  return new Map(rows.map((row) => [row.key, permissionValueSchema.parse(JSON.parse(row.value))]));
}

/** The role's effective map: every catalog key (its default unless set), then any other keys the role set. */
export function effectivePermissions(db: Database.Database, role: string): PermissionMap {
  const explicit = explicitPermissions(db, role);
  const map: PermissionMap = {};
  for (const entry of permissionCatalog)
    map[entry.id] = explicit.get(entry.id) ?? entry.defaultValue;
  for (const [key, value] of explicit) if (!catalogById.has(key)) map[key] = value;
  return map;
}
