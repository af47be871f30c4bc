import { ApiError } from '@/api/api-error';
import { isRateLimited, retryWaitSeconds } from '@/api/retry-policy';
import type { DeactivateUsersResult, ReactivateUsersResult } from '@/api/schemas/users-bulk';

/** Uids per `DELETE /users` / `PUT /users` call. Why 100: docs/decisions/0007-bulk-deactivation-batches.md. */
export const bulkBatchSize = 100;

export type BulkAction = 'deactivate' | 'reactivate';

/** What the service said about one batch, in action-neutral buckets. */
export interface BatchAnswer {
  /** Changed by this call (deactivated / reactivated). */
  done: readonly string[];
  /** Already in the wanted state, nothing changed (already deactivated / not deactivated). */
  skipped: readonly string[];
  notFound: readonly string[];
}

/** The code of a uid that no bucket of the answer mentioned. */
export const notReportedCode = 'NOT_REPORTED';

export interface FailedUid {
  uid: string;
  code: string;
  message: string;
}

export interface BulkOutcome {
  done: string[];
  skipped: string[];
  notFound: string[];
  failed: FailedUid[];
  /** Never sent, because the run was cancelled first (or, restored after a reload, not started). */
  notSent: string[];
  /** Sent, but the page went away before the answer: the change may or may not have been applied. */
  unknown: string[];
  /** Once unknown, then found in the wanted state: changed by this run or already so before it. */
  settled: string[];
  cancelled: boolean;
}

export interface BulkProgress {
  /** Uids whose batch has been answered (or has failed). */
  processed: number;
  total: number;
  /** Set while waiting out a rate limit before re-sending the current batch. */
  retryingInSeconds?: number | undefined;
}

/** An answer the console could not read reports on no uid: each is then "not reported", never counted as done. */
export const fromDeactivateResult = (result: DeactivateUsersResult | undefined): BatchAnswer => ({
  done: result?.deactivatedUids ?? [],
  skipped: result?.alreadyDeactivatedUids ?? [],
  notFound: result?.notFound ?? [],
});

export const fromReactivateResult = (result: ReactivateUsersResult | undefined): BatchAnswer => ({
  done: result?.reactivatedUids ?? [],
  skipped: result?.nonDeactivatedUids ?? [],
  notFound: result?.notFound ?? [],
});

export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`Batch size must be a positive integer, got ${size}`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Removes blanks and repeats, keeping the first spelling of each uid (the service compares uids case-insensitively). */
export function uniqueUids(uids: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of uids) {
    const uid = raw.trim();
    const key = uid.toLowerCase();
    if (uid === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(uid);
  }
  return result;
}

export const emptyOutcome = (): BulkOutcome => ({
  done: [],
  skipped: [],
  notFound: [],
  failed: [],
  notSent: [],
  unknown: [],
  settled: [],
  cancelled: false,
});

const copyOutcome = (outcome: BulkOutcome): BulkOutcome => ({
  ...outcome,
  done: [...outcome.done],
  skipped: [...outcome.skipped],
  notFound: [...outcome.notFound],
  failed: [...outcome.failed],
  notSent: [],
  unknown: [...outcome.unknown],
  settled: [...outcome.settled],
});

/** Uids the outcome accounts for other than "not sent": answered, failed, unknown or settled. */
export const sentCount = (outcome: BulkOutcome): number =>
  outcome.done.length +
  outcome.skipped.length +
  outcome.notFound.length +
  outcome.failed.length +
  outcome.unknown.length +
  outcome.settled.length;

/**
 * Files every uid of one batch under exactly one bucket, by what the service answered. A uid the answer
 * does not mention is a failure (`NOT_REPORTED`), never silently counted as done.
 */
export function classifyBatch(
  batch: readonly string[],
  answer: BatchAnswer,
  into: BulkOutcome,
): void {
  const lower = (list: readonly string[]) => new Set(list.map((uid) => uid.toLowerCase()));
  const done = lower(answer.done);
  const skipped = lower(answer.skipped);
  const notFound = lower(answer.notFound);
  for (const uid of batch) {
    const key = uid.toLowerCase();
    if (done.has(key)) into.done.push(uid);
    else if (skipped.has(key)) into.skipped.push(uid);
    else if (notFound.has(key)) into.notFound.push(uid);
    else
      into.failed.push({
        uid,
        code: notReportedCode,
        message: 'The service did not report on this uid.',
      });
  }
}

/** An error as a code and message; a 429 also says how long to wait (the retry policy's seconds). */
export function errorCode(error: unknown): {
  code: string;
  message: string;
  retryAfter?: number | undefined;
} {
  if (error instanceof ApiError) {
    return {
      code: error.code,
      message: error.message,
      retryAfter: isRateLimited(error) ? retryWaitSeconds(error) : undefined,
    };
  }
  return { code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error) };
}

export interface RunBatchesOptions {
  uids: readonly string[];
  batchSize?: number;
  send: (batch: string[]) => Promise<BatchAnswer>;
  /** Checked before each batch: a cancelled run finishes the batch in flight and sends no more. */
  isCancelled: () => boolean;
  onProgress?: (progress: BulkProgress, outcome: BulkOutcome) => void;
  /** How many times one batch is re-sent after a 429 before its uids are reported as failed. */
  maxRateLimitRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** A resumed run: what the earlier part of the same run accounted for; counted in progress and outcome. */
  before?: BulkOutcome;
  /** Called just before a batch goes out (again after a 429): until its answer, its uids' fate is unknown. */
  onSend?: (batch: readonly string[], outcome: BulkOutcome) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends `uids` in sequential batches and accounts for every uid exactly once. A failed batch marks its
 * uids failed with the error code and the run goes on; a 429 waits `Retry-After` and re-sends the batch.
 */
export async function runInBatches(options: RunBatchesOptions): Promise<BulkOutcome> {
  const { send, isCancelled, onProgress, sleep = defaultSleep, maxRateLimitRetries = 3 } = options;
  const batches = chunk(options.uids, options.batchSize ?? bulkBatchSize);
  const outcome = options.before ? copyOutcome(options.before) : emptyOutcome();
  let processed = sentCount(outcome);
  const total = processed + options.uids.length;
  onProgress?.({ processed, total }, outcome);

  for (let index = 0; index < batches.length; index++) {
    const batch = batches[index] ?? [];
    if (isCancelled()) {
      outcome.cancelled = true;
      outcome.notSent = batches.slice(index).flat();
      break;
    }
    for (let attempt = 0; ; attempt++) {
      options.onSend?.(batch, outcome);
      try {
        classifyBatch(batch, await send(batch), outcome);
        break;
      } catch (error) {
        const { code, message, retryAfter } = errorCode(error);
        if (retryAfter !== undefined && attempt < maxRateLimitRetries) {
          onProgress?.({ processed, total, retryingInSeconds: retryAfter }, outcome);
          await sleep(retryAfter * 1000);
          continue;
        }
        for (const uid of batch) outcome.failed.push({ uid, code, message });
        break;
      }
    }
    processed += batch.length;
    onProgress?.({ processed, total }, outcome);
  }
  return outcome;
}

/**
 * Counts in words for the summary line, e.g. "47 deactivated, 2 already deactivated, 1 not found".
 * `notSentLabel` names the uids never sent: cancelled in the dialog, "not started" after a reload.
 */
export function outcomeCounts(
  action: BulkAction,
  outcome: BulkOutcome,
  notSentLabel = 'not sent (cancelled)',
): { label: string; count: number }[] {
  const notReported = outcome.failed.filter((item) => item.code === notReportedCode).length;
  const rows = [
    { label: action === 'deactivate' ? 'deactivated' : 'reactivated', count: outcome.done.length },
    {
      label: action === 'deactivate' ? 'already deactivated' : 'already active',
      count: outcome.skipped.length,
    },
    { label: 'not found', count: outcome.notFound.length },
    { label: 'failed', count: outcome.failed.length - notReported },
    { label: 'not reported', count: notReported },
    { label: 'unknown — check before retrying', count: outcome.unknown.length },
    {
      label: `${action === 'deactivate' ? 'deactivated' : 'active'} (by this run or before it)`,
      count: outcome.settled.length,
    },
    { label: notSentLabel, count: outcome.notSent.length },
  ];
  return rows.filter((row, index) => index === 0 || row.count > 0);
}
