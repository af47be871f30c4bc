import { ApiError } from '@/api/api-error';
import { mayHaveBeenApplied } from '@/api/errors';

/**
 * One uid's result: `unbanned`; `not-banned` (the service says they were not banned: nothing to do);
 * `unknown` (sent, no definite answer: it may have been applied); `failed` (refused or not sent).
 */
export type UnbanResult =
  | { uid: string; status: 'unbanned' | 'not-banned' }
  | { uid: string; status: 'unknown' | 'failed'; error: unknown };

/** At most this many unbans in flight at once, so a bulk unban does not trip the rate limit. */
const concurrency = 4;

/** Unbans every uid, a few at a time; never throws, every uid gets its own result, in the given order. */
export async function unbanAll(
  uids: readonly string[],
  unban: (uid: string) => Promise<unknown>,
): Promise<UnbanResult[]> {
  const results = new Map<string, UnbanResult>();
  const queue = [...uids];
  const worker = async () => {
    for (let uid = queue.shift(); uid !== undefined; uid = queue.shift()) {
      try {
        await unban(uid);
        results.set(uid, { uid, status: 'unbanned' });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'ERR_NOT_A_BANNED_USER')
          results.set(uid, { uid, status: 'not-banned' });
        else
          results.set(uid, {
            uid,
            status: mayHaveBeenApplied(error) ? 'unknown' : 'failed',
            error,
          });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return uids.flatMap((uid) => {
    const result = results.get(uid);
    return result ? [result] : [];
  });
}

/** "3 unbanned, 1 was not banned, 1 unknown, 1 failed." — a true count of each kind. */
export function summarizeUnbans(results: readonly UnbanResult[]): string {
  const count = (status: UnbanResult['status']) =>
    results.filter((r) => r.status === status).length;
  const parts = [`${count('unbanned')} unbanned`];
  const notBanned = count('not-banned');
  if (notBanned) parts.push(`${notBanned} ${notBanned === 1 ? 'was' : 'were'} not banned`);
  if (count('unknown')) parts.push(`${count('unknown')} unknown`);
  if (count('failed')) parts.push(`${count('failed')} failed`);
  return `${parts.join(', ')}.`;
}

/** Uids to keep selected after a run: the failed ones, to retry; unknown ones are checked first. */
export const stillSelected = (results: readonly UnbanResult[]) =>
  results.filter((r) => r.status === 'failed').map((r) => r.uid);
