import type { PermissionCatalogItem, PermissionMap, PermissionValue } from '@/api/schemas/role';

export type Catalog = readonly PermissionCatalogItem[];

/** How a key is edited, from its catalog entry (dataType and available values). */
export type ControlKind = 'switch' | 'select' | 'text' | 'checkboxes' | 'roles' | 'tags';

const isBinary = (values: readonly string[]) =>
  values.length > 0 && values.every((v) => v === 'allow' || v === 'deny');

export function controlKind(item: PermissionCatalogItem): ControlKind {
  const values = item.availableValues ?? [];
  switch (item.dataType) {
    case 'string':
      if (
        isBinary(values) ||
        (values.length === 0 && (item.defaultValue === 'allow' || item.defaultValue === 'deny'))
      ) {
        return 'switch';
      }
      return values.length > 0 ? 'select' : 'text';
    case 'stringArray':
      return values.length > 0 ? 'checkboxes' : 'tags';
    case 'rolesStringArray':
      return 'roles';
    case 'customStringArray':
      return 'tags';
    default:
      return Array.isArray(item.defaultValue) ? 'tags' : 'text';
  }
}

/** The capability groups of the editor, in the order the chat app's features are usually explained. */
export const capabilityGroups = [
  { id: 'listing-users', title: 'Listing users', prefixes: ['listUsers'] },
  { id: 'user-details', title: 'User details', prefixes: ['getUserDetails'] },
  { id: 'sending-messages', title: 'Sending messages', prefixes: ['sendMessage'] },
  {
    id: 'editing-deleting',
    title: 'Editing and deleting',
    prefixes: ['editMessage', 'deleteMessage'],
  },
  { id: 'calls', title: 'Calls', prefixes: ['initiateCall'] },
  { id: 'groups', title: 'Groups', prefixes: ['createGroup', 'listGroups', 'joinGroup'] },
  { id: 'listing-messages', title: 'Listing messages', prefixes: ['listMessages'] },
] as const;

export interface CapabilitySection {
  id: string;
  title: string;
  items: PermissionCatalogItem[];
}

/** Catalog entries grouped by capability (the part of the key before the first dot), catalog order kept. */
export function groupCatalog(catalog: Catalog): CapabilitySection[] {
  const sections: CapabilitySection[] = capabilityGroups.map((g) => ({
    id: g.id,
    title: g.title,
    items: [],
  }));
  const more: CapabilitySection = { id: 'more', title: 'More capabilities', items: [] };
  for (const item of catalog) {
    const prefix = item.id.split('.')[0] ?? item.id;
    const index = capabilityGroups.findIndex((g) =>
      (g.prefixes as readonly string[]).includes(prefix),
    );
    (index >= 0 ? sections[index] : more)?.items.push(item);
  }
  return [...sections, more].filter((s) => s.items.length > 0);
}

const has = (map: PermissionMap, key: string) => Object.prototype.hasOwnProperty.call(map, key);

/**
 * The values in force for a role: its own value where it has one, the catalog default elsewhere, and
 * keys the catalog does not know as they are. Used on every map read so that a service that returns
 * only explicit values and one that returns the merged map compare the same.
 */
export function effectiveMap(raw: PermissionMap | undefined, catalog: Catalog): PermissionMap {
  const own = raw ?? {};
  const out: PermissionMap = {};
  for (const item of catalog)
    out[item.id] = has(own, item.id) ? (own[item.id] ?? null) : (item.defaultValue ?? null);
  for (const [key, value] of Object.entries(own)) if (!has(out, key)) out[key] = value;
  return out;
}

function normalize(value: PermissionValue | undefined): string | string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value;
  return [...new Set(value)].sort();
}

/** Equal in meaning: `null` and `[]` both mean "no restriction", and lists are sets. */
export function sameValue(a: PermissionValue | undefined, b: PermissionValue | undefined): boolean {
  const x = normalize(a);
  const y = normalize(b);
  if (typeof x === 'string' || typeof y === 'string') return x === y;
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

export interface Change {
  key: string;
  before: PermissionValue | undefined;
  after: PermissionValue | undefined;
}

/** Keys whose value differs between two maps (keys of either side), sorted by key. */
export function diffMaps(before: PermissionMap, after: PermissionMap): Change[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => !sameValue(before[key], after[key]))
    .map((key) => ({ key, before: before[key], after: after[key] }));
}

/** Only the keys the operator changed, with their new values: the body of the PUT. */
export function changesToBody(changes: readonly Change[]): PermissionMap {
  const body: PermissionMap = {};
  for (const change of changes) if (change.after !== undefined) body[change.key] = change.after;
  return body;
}

/** How many catalog keys of a role differ from their default, and how many keys the catalog does not know. */
export function countDifferences(
  raw: PermissionMap | undefined,
  catalog: Catalog,
): { differing: number; other: number } {
  const map = effectiveMap(raw, catalog);
  const known = new Set(catalog.map((item) => item.id));
  const differing = catalog.filter(
    (item) => !sameValue(map[item.id], item.defaultValue ?? null),
  ).length;
  const other = Object.keys(map).filter((key) => !known.has(key)).length;
  return { differing, other };
}

/** Keys in the map that the catalog does not know, sorted. */
export function otherKeys(map: PermissionMap, catalog: Catalog): string[] {
  const known = new Set(catalog.map((item) => item.id));
  return Object.keys(map)
    .filter((key) => !known.has(key))
    .sort();
}

/** A value in words for tables and hints. */
export function formatValue(value: PermissionValue | undefined): string {
  if (value === undefined) return '(not set)';
  if (value === null) return 'null (no restriction)';
  if (typeof value === 'string') return value === '' ? '(empty text)' : value;
  return value.length === 0 ? '[] (no restriction)' : value.join(', ');
}
