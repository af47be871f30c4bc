import type { PermissionMap, PermissionValue, SetPermissionsResult } from '@/api/schemas/role';
import { successSchema } from '@/api/schemas/common';
import { diffMaps, sameValue } from './permission-model';

export type ConflictStatus = 'conflict' | 'same' | 'theirs' | 'yours';

export interface ConflictRow {
  key: string;
  loaded: PermissionValue | undefined;
  server: PermissionValue | undefined;
  /** Undefined when the operator did not change the key. */
  yours: PermissionValue | undefined;
  status: ConflictStatus;
}

/** Every key changed on the service since loading, and every key the operator changed, side by side. */
export function conflictRows(loaded: PermissionMap, server: PermissionMap, current: PermissionMap): ConflictRow[] {
  const theirs = new Set(diffMaps(loaded, server).map((c) => c.key));
  const mine = new Set(diffMaps(loaded, current).map((c) => c.key));
  return [...new Set([...theirs, ...mine])].sort().map((key) => {
    const yours = mine.has(key) ? current[key] : undefined;
    const status: ConflictStatus = !mine.has(key)
      ? 'theirs'
      : !theirs.has(key)
        ? 'yours'
        : sameValue(server[key], current[key])
          ? 'same'
          : 'conflict';
    return { key, loaded: loaded[key], server: server[key], yours, status };
  });
}

/** Merge: the service's map, with the operator's value on every key the operator changed. */
export function mergeMaps(loaded: PermissionMap, server: PermissionMap, current: PermissionMap): PermissionMap {
  const merged: PermissionMap = { ...server };
  for (const change of diffMaps(loaded, current)) if (change.after !== undefined) merged[change.key] = change.after;
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
 * returned map shows (the service may report only some keys).
 */
export function keyResults(sent: PermissionMap, result: SetPermissionsResult, stored: PermissionMap): KeyResult[] {
  return Object.keys(sent)
    .sort()
    .map((key) => {
      const reported = key === 'permissions' ? undefined : successSchema.safeParse(result[key]);
      const inMap = sameValue(stored[key], sent[key]);
      if (reported?.success) return { key, success: reported.data.success, message: reported.data.message };
      return {
        key,
        success: inMap,
        message: inMap ? 'Stored (the returned map holds the new value).' : 'Not stored: the returned map does not hold the value sent.',
      };
    });
}
