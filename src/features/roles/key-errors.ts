/**
 * Finds the permission key a service validation detail refers to: `sendMessage`, `permissions.sendMessage`
 * or an item of a list (`permissions.sendMessage.allowedMimeTypes.0`).
 */
export function keyOfDetail(detail: string, keys: readonly string[]): string | undefined {
  const known = new Set(keys);
  for (let candidate of [detail, detail.replace(/^permissions\./, '')]) {
    while (!known.has(candidate) && /\.\d+$/.test(candidate))
      candidate = candidate.replace(/\.\d+$/, '');
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}
