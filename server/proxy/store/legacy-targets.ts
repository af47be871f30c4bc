import type { AuditTargets } from '../../../src/api/schemas/console';

/** Keys whose old text value was a comma-separated list. */
const listKeys = new Set(['uids']);

/**
 * Reads the audit trail's old `key=value key=value` target text as a JSON object (migration 3):
 * `uids=a,b` becomes a list, `permanent=true` a flag, anything else a string. A space inside a
 * value (a reaction, say) was written as is, so a word without `=` continues the previous value.
 */
export function legacyTargets(text: string | null): string {
  const targets: AuditTargets = {};
  let last: string | undefined;
  for (const word of (text ?? '').split(' ')) {
    const equals = word.indexOf('=');
    if (equals <= 0) {
      const previous = last === undefined ? undefined : targets[last];
      if (last !== undefined && typeof previous === 'string') targets[last] = `${previous} ${word}`;
      continue;
    }
    last = word.slice(0, equals);
    const value = word.slice(equals + 1);
    if (listKeys.has(last)) targets[last] = value === '' ? [] : value.split(',');
    else if (last === 'permanent' && value === 'true') targets[last] = true;
    else targets[last] = value;
  }
  return JSON.stringify(targets);
}
