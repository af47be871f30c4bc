/**
 * Shape-level comparison of a real service answer with the emulator's answer to the same call.
 * Paths name keys with dots and array items with `[]`: `data[].message.data.url`.
 */
export type JsonType = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'object' || type === 'string' || type === 'number' || type === 'boolean')
    return type;
  throw new Error(`not JSON: ${type}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => jsonType(value) === 'object';

/**
 * What of the real answer's shape the emulator's answer lacks: every key the real value has must
 * be there with the same JSON type, recursively. `null` in the real value matches anything (the
 * service sends it for "not set"). Each real array item must be matched by some emulator item
 * (item shapes are a union, so a list's variants are each matched by an item of their kind); an
 * empty emulator array has no items to compare. `exempt(path)` skips a key the emulator
 * legitimately never sends. The problems named are those of the closest emulator item.
 */
export function shapeProblems(
  real: unknown,
  emulated: unknown,
  exempt: (path: string) => boolean = () => false,
  path = '',
): string[] {
  if (real === null) return [];
  const want = jsonType(real);
  const got = jsonType(emulated);
  if (want !== got)
    return [`${path || '(root)'}: ${want} in the real answer, ${got} in the emulator's`];
  if (Array.isArray(real) && Array.isArray(emulated)) {
    if (emulated.length === 0) return [];
    return real.flatMap((item) => closestItem(item, emulated, exempt, `${path}[]`));
  }
  if (isRecord(real) && isRecord(emulated)) {
    return Object.entries(real).flatMap(([key, value]) => {
      const at = path ? `${path}.${key}` : key;
      if (exempt(at)) return [];
      if (!(key in emulated)) return [`${at}: missing from the emulator's answer`];
      return shapeProblems(value, emulated[key], exempt, at);
    });
  }
  return [];
}

function closestItem(
  item: unknown,
  candidates: readonly unknown[],
  exempt: (path: string) => boolean,
  path: string,
): string[] {
  let closest: string[] | undefined;
  for (const candidate of candidates) {
    const problems = shapeProblems(item, candidate, exempt, path);
    if (problems.length === 0) return [];
    if (!closest || problems.length < closest.length) closest = problems;
  }
  return closest ?? [];
}
