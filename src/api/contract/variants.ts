/**
 * Plausible variants of a real answer, generated from it: what another app, region or release of the
 * service may send for the same operation. Used by the contract suite and the stand-in service.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = readonly (string | number)[];

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every path below the root, objects' keys and arrays' indexes, depth first. */
export function allPaths(value: Json, prefix: Path = []): Path[] {
  const children: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : isObject(value)
      ? Object.entries(value)
      : [];
  return children.flatMap(([key, child]) => [
    [...prefix, key],
    ...allPaths(child, [...prefix, key]),
  ]);
}

export const clone = <T extends Json>(value: T): T => structuredClone(value);

/** A copy with the value at `path` replaced (or removed, with `remove`). */
export function withAt(root: Json, path: Path, replace: Json | { remove: true }): Json {
  const copy = clone(root);
  let parent: Json = copy;
  for (const key of path.slice(0, -1))
    parent = (parent as Record<string | number, Json>)[key] as Json;
  const last = path.at(-1);
  if (last === undefined) return copy;
  const removing =
    isObject(replace) && replace.remove === true && Object.keys(replace).length === 1;
  if (Array.isArray(parent) && typeof last === 'number') {
    if (removing) parent.splice(last, 1);
    else parent[last] = replace;
  } else if (isObject(parent)) {
    if (removing) delete parent[String(last)];
    else parent[String(last)] = replace;
  }
  return copy;
}

export function valueAt(root: Json, path: Path): Json | undefined {
  let node: Json | undefined = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, Json>)[key];
  }
  return node;
}

/** Keys whose values are open sets in the service: new values appear without notice. */
export const openSetKeys = new Set([
  'category',
  'type',
  'status',
  'role',
  'entityType',
  'receiverType',
  'scope',
  'action',
  'operand',
  'operator',
  'dataType',
]);

/** Keys holding free-form JSON; PHP-style services send `[]` for an empty one. */
export const freeJsonKeys = new Set(['metadata', 'settings', 'customData', 'interactiveData']);

/** Adds `extraField` to every object of the answer (nested ones too). */
export function withExtraFields(value: Json): Json {
  if (Array.isArray(value)) return value.map(withExtraFields);
  if (!isObject(value)) return value;
  const copy: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) copy[key] = withExtraFields(child);
  return { ...copy, extraField: { added: [1, 'two', null] } };
}

/** Paths to string values of open-set keys (outside `meta`, whose paging words are fixed). */
export function openSetPaths(value: Json): Path[] {
  return allPaths(value).filter((path) => {
    const key = path.at(-1);
    return (
      typeof key === 'string' &&
      openSetKeys.has(key) &&
      path[0] !== 'meta' &&
      typeof valueAt(value, path) === 'string'
    );
  });
}

/** Paths to free-form JSON values. */
export function freeJsonPaths(value: Json): Path[] {
  return allPaths(value).filter((path) => {
    const key = path.at(-1);
    return typeof key === 'string' && freeJsonKeys.has(key);
  });
}
