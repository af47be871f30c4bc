import type { PermissionMap, PermissionValue, SetPermissionsResult } from '@/api/schemas/role';
import { successSchema } from '@/api/schemas/common';
import { diffMaps, sameValue } from './permission-model';

export type ConflictStatus = 'conflict' | 'same' | 'theirs' | 'yours';

export interface ConflictRow {
  key: string;
  loaded: PermissionValue | undefined;
  /** False when the editor started from the default because the service had not reported the key. */
  loadedKnown: boolean;
  server: PermissionValue | undefined;
  /** Undefined when the operator did not change the key. */
  yours: PermissionValue | undefined;
  status: ConflictStatus;
}

interface ConflictInput {
  /** What the editor started from (known values, defaults where unknown). */
  loaded: PermissionMap;
  /** The map of the newer report. */
  server: PermissionMap;
  current: PermissionMap;
  /** The keys the operator changed (see editsOf). */
  mine: ReadonlySet<string>;
  /** Keys whose loaded value was a default standing in for an unknown value. */
  unknown?: ReadonlySet<string>;
}

/** Every key whose reported value differs from where the editor started, and every key the operator changed. */
export function conflictRows({
  loaded,
  server,
  current,
  mine,
  unknown = new Set(),
}: ConflictInput): ConflictRow[] {
  const theirs = new Set(diffMaps(loaded, server).map((c) => c.key));
  return [...new Set([...theirs, ...mine])].sort().map((key) => {
    const yours = mine.has(key) ? current[key] : undefined;
    const status: ConflictStatus = !mine.has(key)
      ? 'theirs'
      : !theirs.has(key)
        ? 'yours'
        : sameValue(server[key], current[key])
          ? 'same'
          : 'conflict';
    return {
      key,
      loaded: loaded[key],
      loadedKnown: !unknown.has(key),
      server: server[key],
      yours,
      status,
    };
  });
}

/** Merge: the service's map, with the operator's value on every key the operator changed. */
export function mergeMaps(
  server: PermissionMap,
  current: PermissionMap,
  mine: ReadonlySet<string>,
): PermissionMap {
  const merged: PermissionMap = { ...server };
  for (const key of mine) {
    const value = current[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

export interface KeyResult {
  key: string;
  /** True when stored; false when the service refused or the returned map does not hold the value sent. */
  success: boolean;
  message: string;
}

/**
 * One line per key sent: the service's own `{ success, message }` where it gave one, otherwise what the
 * returned map shows (the service may report only some keys). Without a readable answer the write was
 * accepted (2xx) but nothing confirms the values.
 */
export function keyResults(
  sent: PermissionMap,
  result: SetPermissionsResult | undefined,
  stored: PermissionMap | undefined,
): KeyResult[] {
  return Object.keys(sent)
    .sort()
    .map((key) => {
      if (!result || !stored) {
        return {
          key,
          success: true,
          message:
            'Accepted, but the service’s answer could not be read: the new value is not confirmed.',
        };
      }
      const reported = key === 'permissions' ? undefined : successSchema.safeParse(result[key]);
      const own = reported?.success ? reported.data : undefined;
      const inMap = sameValue(stored[key], sent[key]);
      if (own && typeof own.success === 'boolean') {
        return {
          key,
          success: own.success,
          message: own.message ?? (own.success ? 'Stored.' : 'Not stored.'),
        };
      }
      return {
        key,
        success: inMap,
        message: inMap
          ? 'Stored (the returned map holds the new value).'
          : 'Not stored: the returned map does not hold the value sent.',
      };
    });
}
