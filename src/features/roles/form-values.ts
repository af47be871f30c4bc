import type { PermissionMap, PermissionValue } from '@/api/schemas/role';

/**
 * Permission keys are dotted (`sendMessage.allowedMimeTypes`), and react-hook-form reads dots and
 * brackets in a field name as a path. Each key is therefore stored under a name made of word
 * characters only: every other character (and `_` itself) becomes `_` plus four hex digits.
 */
export function fieldName(key: string): string {
  return (
    'k' + key.replace(/[^A-Za-z0-9]/g, (c) => '_' + c.charCodeAt(0).toString(16).padStart(4, '0'))
  );
}

export function keyOfField(name: string): string {
  return name
    .slice(1)
    .replace(/_([0-9a-f]{4})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface PermissionFormValues {
  map: Record<string, PermissionValue>;
}

export type PermissionFieldPath = `map.${string}`;

export const fieldPath = (key: string): PermissionFieldPath => `map.${fieldName(key)}`;

export function toFormValues(map: PermissionMap): PermissionFormValues {
  const out: Record<string, PermissionValue> = {};
  for (const [key, value] of Object.entries(map)) out[fieldName(key)] = value;
  return { map: out };
}

export function fromFormValues(values: Partial<PermissionFormValues> | undefined): PermissionMap {
  const out: PermissionMap = {};
  for (const [name, value] of Object.entries(values?.map ?? {})) out[keyOfField(name)] = value;
  return out;
}
