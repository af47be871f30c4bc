import type { PermissionValue } from '../../src/api/schemas/role';
import { catalogById } from './permission-catalog';

const keyPattern = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
const mimePattern = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+*-]+$/i;

/**
 * Why `value` cannot be stored under `key`, or undefined when it can. Catalog keys are checked
 * against their type and allowed values (`rolesStringArray` against `roleIds`); other keys are
 * accepted as any string, list of strings or null.
 */
export function permissionProblem(
  key: string,
  value: PermissionValue,
  roleIds: readonly string[],
): string | undefined {
  if (!keyPattern.test(key))
    return 'The permission key must be letters, digits, ".", "_" or "-", at most 100 characters.';
  const entry = catalogById.get(key);
  if (!entry) return undefined;
  if (entry.dataType === 'string') {
    return typeof value === 'string' && entry.availableValues.includes(value)
      ? undefined
      : `The ${key} value must be one of ${entry.availableValues.join(', ')}.`;
  }
  if (value === null) return undefined;
  if (!Array.isArray(value)) return `The ${key} value must be a list of strings or null.`;
  if (new Set(value).size !== value.length) return `The ${key} value must not repeat an item.`;
  const allowed = entry.dataType === 'rolesStringArray' ? roleIds : entry.availableValues;
  if (entry.dataType === 'customStringArray') {
    const bad = value.find(
      (item) =>
        item.trim() === '' ||
        item.length > 100 ||
        (key === 'sendMessage.allowedMimeTypes' && !mimePattern.test(item)),
    );
    return bad === undefined ? undefined : `The ${key} value has an invalid item: "${bad}".`;
  }
  const unknown = value.filter((item) => !allowed.includes(item));
  if (unknown.length === 0) return undefined;
  return entry.dataType === 'rolesStringArray'
    ? `The ${key} value names roles that do not exist: ${unknown.join(', ')}.`
    : `The ${key} value must only contain ${allowed.join(', ')}.`;
}
