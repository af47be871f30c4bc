import { z } from '@/api/zod';
import { emptyOutcome, type BulkAction, type BulkOutcome, type FailedUid } from './bulk-batches';

/**
 * A bulk run as kept in the tab's sessionStorage after every batch, so a reload or a closed tab does
 * not lose what was done. It holds uids and results only: nothing secret is ever in the browser.
 */
export interface BulkRunRecord {
  /** Stays the same when the run is resumed. */
  id: string;
  action: BulkAction;
  /** Every uid of the run, in the order they are sent. */
  uids: readonly string[];
  /** Each uid's fate so far; `notSent` is what has not been started yet. */
  outcome: BulkOutcome;
  /** Unix milliseconds. */
  startedAt: number;
  /** The operator who started it. */
  operator: string | undefined;
}

/** One character per uid, in `uids` order: compact enough for 10,000 uids, and every uid has exactly one. */
const stateChars = {
  done: 'd',
  skipped: 's',
  notFound: 'n',
  failed: 'f',
  unknown: '?',
  settled: 'a',
  notSent: '-',
} as const;

const storedRunSchema = z.object({
  version: z.literal(1),
  id: z.string().min(1).max(100),
  action: z.enum(['deactivate', 'reactivate']),
  uids: z.array(z.string().min(1).max(1000)).max(100_000),
  states: z.string().regex(/^[dsnf?a-]*$/),
  /** [index into uids, error code, message] of each failed uid. */
  failures: z.array(z.tuple([z.number().int().nonnegative(), z.string(), z.string()])),
  startedAt: z.number().int().nonnegative(),
  operator: z.string().optional(),
});
type StoredRun = z.infer<typeof storedRunSchema>;

export function encodeBulkRun(record: BulkRunRecord): StoredRun {
  const index = new Map<string, number>();
  record.uids.forEach((uid, i) => {
    if (!index.has(uid)) index.set(uid, i);
  });
  const states: string[] = record.uids.map(() => stateChars.notSent);
  const mark = (uids: readonly string[], char: string) => {
    for (const uid of uids) {
      const i = index.get(uid);
      if (i !== undefined) states[i] = char;
    }
  };
  const { outcome } = record;
  mark(outcome.done, stateChars.done);
  mark(outcome.skipped, stateChars.skipped);
  mark(outcome.notFound, stateChars.notFound);
  mark(outcome.unknown, stateChars.unknown);
  mark(outcome.settled, stateChars.settled);
  const failures: StoredRun['failures'] = [];
  for (const item of outcome.failed) {
    const i = index.get(item.uid);
    if (i === undefined) continue;
    states[i] = stateChars.failed;
    failures.push([i, item.code, item.message]);
  }
  return {
    version: 1,
    id: record.id,
    action: record.action,
    uids: [...record.uids],
    states: states.join(''),
    failures,
    startedAt: record.startedAt,
    operator: record.operator,
  };
}

/** The record, or undefined for anything that is not a consistent record of this version. */
export function decodeBulkRun(value: unknown): BulkRunRecord | undefined {
  const parsed = storedRunSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const stored = parsed.data;
  if (stored.states.length !== stored.uids.length) return undefined;
  const reasons = new Map<number, FailedUid>();
  for (const [i, code, message] of stored.failures) {
    const uid = stored.uids[i];
    if (uid === undefined || stored.states[i] !== stateChars.failed) return undefined;
    reasons.set(i, { uid, code, message });
  }
  const outcome = emptyOutcome();
  for (const [i, uid] of stored.uids.entries()) {
    const state = stored.states[i];
    if (state === stateChars.done) outcome.done.push(uid);
    else if (state === stateChars.skipped) outcome.skipped.push(uid);
    else if (state === stateChars.notFound) outcome.notFound.push(uid);
    else if (state === stateChars.unknown) outcome.unknown.push(uid);
    else if (state === stateChars.settled) outcome.settled.push(uid);
    else if (state === stateChars.notSent) outcome.notSent.push(uid);
    else {
      const reason = reasons.get(i);
      if (!reason) return undefined;
      outcome.failed.push(reason);
    }
  }
  return {
    id: stored.id,
    action: stored.action,
    uids: stored.uids,
    outcome,
    startedAt: stored.startedAt,
    operator: stored.operator,
  };
}

/** Uids whose batch was answered (or failed), so neither in flight nor waiting. */
export const answeredCount = (outcome: BulkOutcome): number =>
  outcome.done.length +
  outcome.skipped.length +
  outcome.notFound.length +
  outcome.failed.length +
  outcome.settled.length;
