import { ApiError } from '@/api/api-error';
import { isRateLimited, rateLimitMaxRetries, retryWaitSeconds } from '@/api/retry-policy';
import { findUser } from '@/api/users';
import { abortableSleep } from '@/utils/abortable-sleep';
import type { BulkAction, BulkOutcome, FailedUid } from './bulk-batches';

/**
 * What reading a user now says about a uid whose batch was in flight: `applied` (it is in the state the
 * run wanted, by this run or already before it), `notApplied` (safe to send again) or `missing`.
 */
export type CheckFinding = 'applied' | 'notApplied' | 'missing';

export async function checkUid(
  action: BulkAction,
  uid: string,
  signal?: AbortSignal,
): Promise<CheckFinding> {
  try {
    const { deactivated } = await findUser(uid, signal);
    return deactivated === (action === 'deactivate') ? 'applied' : 'notApplied';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'missing';
    throw error;
  }
}

/** Moves `uid` out of "unknown" into the bucket the finding settles it in. */
export function settleUid(outcome: BulkOutcome, uid: string, finding: CheckFinding): BulkOutcome {
  const unknown = outcome.unknown.filter((item) => item !== uid);
  if (unknown.length === outcome.unknown.length) return outcome;
  if (finding === 'applied') return { ...outcome, unknown, settled: [...outcome.settled, uid] };
  if (finding === 'missing') return { ...outcome, unknown, notFound: [...outcome.notFound, uid] };
  return { ...outcome, unknown, notSent: [...outcome.notSent, uid] };
}

export interface CheckOptions {
  action: BulkAction;
  outcome: BulkOutcome;
  signal: AbortSignal;
  /** After each uid: the outcome so far and how many have been checked. */
  onProgress: (outcome: BulkOutcome, checked: number) => void;
  /** Seconds to wait after a 429, or undefined once it is over. */
  onWait: (seconds: number | undefined) => void;
  check?: typeof checkUid;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Reads each unknown uid, one at a time, and settles it. A 429 is waited out with the console's retry
 * policy; any other error leaves the uid unknown and is returned with it.
 */
export async function checkUnknownUids(
  options: CheckOptions,
): Promise<{ outcome: BulkOutcome; errors: FailedUid[] }> {
  const { check = checkUid, sleep = abortableSleep, signal } = options;
  let outcome = options.outcome;
  const errors: FailedUid[] = [];
  const uids = [...outcome.unknown];
  for (const [index, uid] of uids.entries()) {
    for (let attempt = 0; ; attempt++) {
      signal.throwIfAborted();
      try {
        outcome = settleUid(outcome, uid, await check(options.action, uid, signal));
        break;
      } catch (error) {
        if (isRateLimited(error) && attempt < rateLimitMaxRetries) {
          options.onWait(retryWaitSeconds(error));
          await sleep(retryWaitSeconds(error) * 1000, signal);
          options.onWait(undefined);
          continue;
        }
        if (signal.aborted) throw error;
        errors.push({
          uid,
          code: error instanceof ApiError ? error.code : 'UNKNOWN',
          message: error instanceof Error ? error.message : String(error),
        });
        break;
      }
    }
    options.onProgress(outcome, index + 1);
  }
  return { outcome, errors };
}
