import type { ReportedPermissions } from '@/api/schemas/reported-permissions';
import type { PermissionMap } from '@/api/schemas/role';
import { formatDateTime } from '@/utils/format';
import { diffMaps, effectiveMap, sameValue, type Catalog, type Change } from './permission-model';

/**
 * What the editor knows of a role's map. The service has no read of it: the only source is the map in
 * the answer of a permission write, as recorded by the console server (docs/decisions/0009).
 */
export interface Known {
  /** The latest report when the editor last read it: a different latest report later means someone else wrote. */
  marker: ReportedPermissions | null;
  /**
   * Values known per key: the reported map, with the catalog default where it does not set a key (the
   * role has no value of its own there). Empty when the service never reported this role's map.
   */
  values: PermissionMap;
  /** When the service reported these values (ms), and the operator whose write drew the answer. */
  reportedAt: number | null;
  reportedBy: string | null;
}

export function knownFrom(report: ReportedPermissions | null, catalog: Catalog): Known {
  return {
    marker: report,
    values: report ? effectiveMap(report.permissions, catalog) : {},
    reportedAt: report?.reportedAt ?? null,
    reportedBy: report?.reportedBy ?? null,
  };
}

export const isKnown = (known: Known, key: string) =>
  Object.prototype.hasOwnProperty.call(known.values, key);

/** Catalog keys whose value the service never reported. */
export const unknownKeys = (known: Known, catalog: Catalog): Set<string> =>
  new Set(catalog.map((item) => item.id).filter((key) => !isKnown(known, key)));

/** What the form starts from: the known value where there is one, the catalog default elsewhere. */
export const startingValues = (known: Known, catalog: Catalog): PermissionMap =>
  effectiveMap(known.values, catalog);

export const reportedDate = (ms: number) => formatDateTime(ms / 1000);

/** A key the operator changed; `unknownBefore` when the service never reported its value. */
export interface Edit extends Change {
  unknownBefore: boolean;
}

/**
 * The keys Save sends: every key whose value moved from where the form started, and every unknown key
 * the operator set explicitly (touched) even if it holds its default: they asked for that value.
 */
export function editsOf(
  known: Known,
  start: PermissionMap,
  current: PermissionMap,
  explicit: ReadonlySet<string>,
): Edit[] {
  const keys = [...new Set([...Object.keys(start), ...Object.keys(current)])].sort();
  return keys.flatMap((key) => {
    const unknownBefore = !isKnown(known, key) && Object.prototype.hasOwnProperty.call(start, key);
    const changed = !sameValue(start[key], current[key]) || (unknownBefore && explicit.has(key));
    if (!changed || current[key] === undefined) return [];
    return [
      { key, before: unknownBefore ? undefined : start[key], after: current[key], unknownBefore },
    ];
  });
}

/** Reports only accumulate, so a latest report unlike the one the editor holds is a newer one. */
export function sameReport(a: ReportedPermissions | null, b: ReportedPermissions | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.reportedAt === b.reportedAt &&
    a.reportedBy === b.reportedBy &&
    diffMaps(a.permissions, b.permissions).length === 0
  );
}

/**
 * What the editor knows after a write answered with `map` (the role's whole map). `latest` is the
 * report read back after the write: it becomes the marker only when it holds that map (it is this
 * write's own report); otherwise the old marker stays, so the next save still sees the newer report.
 */
export function afterWrite(
  map: PermissionMap,
  latest: ReportedPermissions | null,
  before: Known,
  catalog: Catalog,
  now: number,
): Known {
  const values = effectiveMap(map, catalog);
  const own =
    latest !== null && diffMaps(effectiveMap(latest.permissions, catalog), values).length === 0;
  return own
    ? { marker: latest, values, reportedAt: latest.reportedAt, reportedBy: latest.reportedBy }
    : { marker: before.marker, values, reportedAt: now, reportedBy: null };
}
