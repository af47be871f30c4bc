import type { AuditTargets } from '@/api/schemas/console';

/** `messageId 42 · status approved`, `uids ann, bob`, `permanent`: audit targets in one line. */
export function formatTargets(targets: AuditTargets): string {
  return Object.entries(targets)
    .flatMap(([name, value]) => {
      if (value === true) return [name];
      if (value === false) return [];
      return [`${name} ${Array.isArray(value) ? value.join(', ') : value}`];
    })
    .join(' · ');
}
