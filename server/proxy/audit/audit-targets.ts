import type { AuditTargets } from '../../../src/api/schemas/console';
import type { StoreDb } from '../store/store';

/** Each text value of `targets`, a list's members included, once: what a target filter matches. */
export function targetValues(targets: AuditTargets): string[] {
  const values = new Set<string>();
  for (const value of Object.values(targets)) {
    if (typeof value === 'string') values.add(value);
    else if (Array.isArray(value)) for (const item of value) values.add(item);
  }
  return [...values];
}

/**
 * Keeps the row's target values in `audit_targets`, so a target's rows are found through its index
 * instead of reading the JSON of every row (decision 0042).
 */
export async function recordTargets(db: StoreDb, id: number, targets: AuditTargets): Promise<void> {
  const values = targetValues(targets);
  if (values.length === 0) return;
  // A bulk call's list can hold thousands: batches stay under both engines' bound-value limits.
  for (let i = 0; i < values.length; i += 1000) {
    await db
      .insertInto('audit_targets')
      .values(values.slice(i, i + 1000).map((value) => ({ audit_id: id, value })))
      .execute();
  }
}
