import type { PermissionMap } from '@/api/schemas/role';
import type { Catalog } from './permission-model';
import { otherValueSchema, valueSchemaFor } from './permission-schema';

export interface KeyProblem {
  key: string;
  message: string;
}

export type JsonMapResult =
  | { ok: true; map: PermissionMap }
  | { ok: false; parseError: string | null; keyProblems: KeyProblem[] };

export const mapToJson = (map: PermissionMap) => JSON.stringify(map, null, 2);

/**
 * Reads the raw JSON view: it must parse, be an object, hold a string, a list of strings or null per
 * key, satisfy each catalog key's rules, and keep every key the role has (keys are reset, not removed).
 */
export function parseJsonMap(
  text: string,
  catalog: Catalog,
  currentKeys: readonly string[],
): JsonMapResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'invalid JSON';
    return { ok: false, parseError: `The JSON does not parse: ${detail}`, keyProblems: [] };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return {
      ok: false,
      parseError: 'The JSON must be one object mapping each permission key to its value.',
      keyProblems: [],
    };
  }
  const byId = new Map(catalog.map((item) => [item.id, item]));
  const map: PermissionMap = {};
  const keyProblems: KeyProblem[] = [];
  for (const [key, value] of Object.entries(json)) {
    const item = byId.get(key);
    const parsed = (item ? valueSchemaFor(item) : otherValueSchema).safeParse(value);
    if (parsed.success) map[key] = parsed.data;
    else keyProblems.push({ key, message: parsed.error.issues[0]?.message ?? 'Invalid value.' });
    if (key.trim() === '') keyProblems.push({ key, message: 'A key cannot be empty.' });
  }
  for (const key of currentKeys) {
    if (
      !Object.prototype.hasOwnProperty.call(map, key) &&
      !keyProblems.some((p) => p.key === key)
    ) {
      keyProblems.push({
        key,
        message: 'Missing. Keys cannot be removed here; use “Reset to default” on the key instead.',
      });
    }
  }
  return keyProblems.length > 0 ? { ok: false, parseError: null, keyProblems } : { ok: true, map };
}
