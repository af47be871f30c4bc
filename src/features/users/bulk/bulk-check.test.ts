import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { emptyOutcome } from './bulk-batches';
import { checkUnknownUids, settleUid, type CheckFinding } from './bulk-check';

const rateLimited = () =>
  new ApiError({ status: 429, code: 'ERR_TOO_MANY_REQUESTS', message: 'slow down', retryAfter: 3 });

describe('checking the uids of a batch that was in flight', () => {
  it('settles each: in the wanted state, safe to send again, or missing', () => {
    let outcome = { ...emptyOutcome(), unknown: ['a', 'b', 'c'], notSent: ['z'] };
    outcome = settleUid(outcome, 'a', 'applied');
    outcome = settleUid(outcome, 'b', 'notApplied');
    outcome = settleUid(outcome, 'c', 'missing');
    expect(outcome).toMatchObject({
      unknown: [],
      settled: ['a'],
      notSent: ['z', 'b'],
      notFound: ['c'],
      done: [],
    });
    // A uid that is not unknown is left where it is.
    expect(settleUid(outcome, 'z', 'applied')).toBe(outcome);
  });

  it('waits out a 429 with the retry policy and reports other errors, leaving those uids unknown', async () => {
    const findings: Record<string, CheckFinding> = { a: 'applied', c: 'notApplied' };
    const waits: number[] = [];
    const shown: (number | undefined)[] = [];
    let aCalls = 0;
    const result = await checkUnknownUids({
      action: 'deactivate',
      outcome: { ...emptyOutcome(), unknown: ['a', 'b', 'c'] },
      signal: new AbortController().signal,
      onProgress: () => undefined,
      onWait: (seconds) => shown.push(seconds),
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      check: (_action, uid) => {
        if (uid === 'a' && (aCalls += 1) === 1) return Promise.reject(rateLimited());
        if (uid === 'b')
          return Promise.reject(
            new ApiError({ status: 502, code: 'CONSOLE_UPSTREAM_UNREACHABLE', message: 'down' }),
          );
        return Promise.resolve(findings[uid] ?? 'missing');
      },
    });
    expect(waits).toEqual([3000]);
    expect(shown).toEqual([3, undefined]);
    expect(result.outcome).toMatchObject({ settled: ['a'], notSent: ['c'], unknown: ['b'] });
    expect(result.errors).toEqual([
      { uid: 'b', code: 'CONSOLE_UPSTREAM_UNREACHABLE', message: 'down' },
    ]);
  });
});
