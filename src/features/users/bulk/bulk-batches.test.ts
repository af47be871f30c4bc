import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import {
  chunk,
  classifyBatch,
  emptyOutcome,
  outcomeCounts,
  runInBatches,
  uniqueUids,
  type BatchAnswer,
} from './bulk-batches';

const uids = (n: number, prefix = 'u') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

/** A fake service: deactivates known active uids, reports the rest honestly. */
function fakeService(active: Set<string>, deactivated: Set<string>) {
  const calls: string[][] = [];
  const send = (batch: string[]): Promise<BatchAnswer> => {
    calls.push(batch);
    const answer = { done: [] as string[], skipped: [] as string[], notFound: [] as string[] };
    for (const uid of batch) {
      if (active.delete(uid)) {
        deactivated.add(uid);
        answer.done.push(uid);
      } else if (deactivated.has(uid)) answer.skipped.push(uid);
      else answer.notFound.push(uid);
    }
    return Promise.resolve(answer);
  };
  return { send, calls };
}

describe('chunk and uniqueUids', () => {
  it('splits into batches of at most the size, keeping order', () => {
    expect(chunk(uids(5), 2)).toEqual([['u1', 'u2'], ['u3', 'u4'], ['u5']]);
    expect(chunk([], 100)).toEqual([]);
    expect(() => chunk(uids(3), 0)).toThrow(RangeError);
  });

  it('drops blanks and case-insensitive repeats, keeping the first spelling', () => {
    expect(uniqueUids([' Alice ', 'bob', '', 'alice', 'BOB', 'carol'])).toEqual([
      'Alice',
      'bob',
      'carol',
    ]);
  });
});

describe('classifyBatch', () => {
  it('files each uid once and fails a uid the service did not mention', () => {
    const outcome = emptyOutcome();
    classifyBatch(['a', 'B', 'c', 'd'], { done: ['a'], skipped: ['b'], notFound: ['c'] }, outcome);
    expect(outcome.done).toEqual(['a']);
    expect(outcome.skipped).toEqual(['B']);
    expect(outcome.notFound).toEqual(['c']);
    expect(outcome.failed.map((f) => [f.uid, f.code])).toEqual([['d', 'NOT_REPORTED']]);
  });
});

describe('runInBatches', () => {
  it('sends 10,000 uids in batches of 100 and accounts for every one', async () => {
    const all = uids(10_000);
    const deactivated = new Set(['u7', 'u5000']);
    const active = new Set(all.filter((uid) => !deactivated.has(uid)));
    active.delete('u9999'); // unknown to the service
    const service = fakeService(active, deactivated);
    const progress: number[] = [];
    const outcome = await runInBatches({
      uids: all,
      send: service.send,
      isCancelled: () => false,
      onProgress: (p) => progress.push(p.processed),
    });
    expect(service.calls).toHaveLength(100);
    expect(service.calls.every((batch) => batch.length === 100)).toBe(true);
    expect(outcome.done).toHaveLength(9_997);
    expect(outcome.skipped).toEqual(['u7', 'u5000']);
    expect(outcome.notFound).toEqual(['u9999']);
    expect(outcome.failed).toEqual([]);
    expect(outcome.cancelled).toBe(false);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(10_000);
    expect(progress).toHaveLength(101);
  });

  it('stops after the batch in flight when cancelled and reports what was not sent', async () => {
    const all = uids(250);
    const service = fakeService(new Set(all), new Set());
    let cancelled = false;
    const outcome = await runInBatches({
      uids: all,
      batchSize: 100,
      send: async (batch) => {
        const answer = await service.send(batch);
        cancelled = true; // Cancel pressed while the first batch was in flight.
        return answer;
      },
      isCancelled: () => cancelled,
    });
    expect(service.calls).toHaveLength(1);
    expect(outcome.cancelled).toBe(true);
    expect(outcome.done).toEqual(uids(100));
    expect(outcome.notSent).toEqual(all.slice(100));
    expect(outcomeCounts('deactivate', outcome)).toEqual([
      { label: 'deactivated', count: 100 },
      { label: 'not sent (cancelled)', count: 150 },
    ]);
  });

  it('marks the uids of a failed batch failed with the error code and goes on', async () => {
    const all = uids(5);
    const outcome = await runInBatches({
      uids: all,
      batchSize: 2,
      send: (batch) =>
        batch.includes('u3')
          ? Promise.reject(
              new ApiError({ status: 502, code: 'CONSOLE_UPSTREAM_UNREACHABLE', message: 'down' }),
            )
          : Promise.resolve({ done: batch, skipped: [], notFound: [] }),
      isCancelled: () => false,
    });
    expect(outcome.done).toEqual(['u1', 'u2', 'u5']);
    expect(outcome.failed.map((f) => [f.uid, f.code])).toEqual([
      ['u3', 'CONSOLE_UPSTREAM_UNREACHABLE'],
      ['u4', 'CONSOLE_UPSTREAM_UNREACHABLE'],
    ]);
    expect(outcomeCounts('deactivate', outcome).map((r) => `${r.count} ${r.label}`)).toEqual([
      '3 deactivated',
      '2 failed',
    ]);
  });

  it('waits out a 429 and re-sends the same batch, giving up after the retries', async () => {
    const waits: number[] = [];
    let calls = 0;
    const rateLimited = () =>
      new ApiError({
        status: 429,
        code: 'ERR_TOO_MANY_REQUESTS',
        message: 'slow down',
        retryAfter: 2,
      });
    const outcome = await runInBatches({
      uids: ['a', 'b'],
      batchSize: 1,
      maxRateLimitRetries: 2,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      send: (batch) => {
        calls++;
        if (batch[0] === 'a' && calls === 1) return Promise.reject(rateLimited());
        if (batch[0] === 'b') return Promise.reject(rateLimited());
        return Promise.resolve({ done: batch, skipped: [], notFound: [] });
      },
      isCancelled: () => false,
    });
    expect(outcome.done).toEqual(['a']);
    expect(outcome.failed).toEqual([
      { uid: 'b', code: 'ERR_TOO_MANY_REQUESTS', message: 'slow down' },
    ]);
    expect(waits).toEqual([2000, 2000, 2000]);
  });

  it('continues a resumed run: counts the earlier part, sends only the rest, keeps the unknown', async () => {
    const service = fakeService(new Set(uids(5)), new Set());
    const before = { ...emptyOutcome(), done: ['x1', 'x2'], unknown: ['x3'] };
    const progress: string[] = [];
    const outcome = await runInBatches({
      uids: uids(5),
      batchSize: 2,
      before,
      send: service.send,
      isCancelled: () => false,
      onProgress: (p) => progress.push(`${p.processed}/${p.total}`),
    });
    expect(service.calls.flat()).toEqual(uids(5));
    expect(outcome.done).toEqual(['x1', 'x2', ...uids(5)]);
    expect(outcome.unknown).toEqual(['x3']);
    expect(progress).toEqual(['3/8', '5/8', '7/8', '8/8']);
    expect(before.done).toEqual(['x1', 'x2']);
    expect(outcomeCounts('deactivate', outcome).map((r) => `${r.count} ${r.label}`)).toEqual([
      '7 deactivated',
      '1 unknown — check before retrying',
    ]);
  });

  it('says which batch is about to go out, again before a re-send after a 429', async () => {
    const sent: string[] = [];
    let calls = 0;
    await runInBatches({
      uids: ['a', 'b'],
      batchSize: 1,
      sleep: () => Promise.resolve(),
      onSend: (batch, sofar) => sent.push(`${batch.join()} after ${sofar.done.join() || '-'}`),
      send: (batch) => {
        calls++;
        if (calls === 2)
          return Promise.reject(
            new ApiError({ status: 429, code: 'ERR_TOO_MANY_REQUESTS', message: 'wait' }),
          );
        return Promise.resolve({ done: batch, skipped: [], notFound: [] });
      },
      isCancelled: () => false,
    });
    expect(sent).toEqual(['a after -', 'b after a', 'b after a']);
  });

  it('counts uids the service did not report apart from other failures', () => {
    const outcome = emptyOutcome();
    classifyBatch(['a', 'b'], { done: ['a'], skipped: [], notFound: [] }, outcome);
    outcome.failed.push({ uid: 'c', code: 'ERR', message: 'down' });
    expect(outcomeCounts('deactivate', outcome, 'not started').map((r) => r.label)).toEqual([
      'deactivated',
      'failed',
      'not reported',
    ]);
  });
});
