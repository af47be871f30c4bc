import { describe, expect, it } from 'vitest';
import { UpstreamFailure, type UpstreamRequest } from '../api/forward';
import { createUpstreamWatch, type UpstreamCall } from './upstream-watch';

const req: UpstreamRequest = {
  method: 'GET',
  url: 'http://chat.test/v3/users',
  headers: {},
  operation: 'users.list',
};
const answer = { status: 200, headers: {}, body: new Uint8Array() };

/** A watch whose clock reads 1000, with the calls it counted. */
function countingWatch() {
  const calls: UpstreamCall[] = [];
  const watch = createUpstreamWatch({
    baseUrl: 'http://chat.test/v3',
    now: () => 1000,
    onCall: (call) => calls.push(call),
  });
  return { calls, watch };
}

describe('the upstream watch', () => {
  it("hands the forwarded call's own promise on and counts it once settled", async () => {
    const { calls, watch } = countingWatch();
    const pending = Promise.resolve(answer);
    expect(watch.watch(() => pending)(req)).toBe(pending);
    await pending;
    await Promise.resolve();
    expect(calls.map(({ operation, status }) => ({ operation, status }))).toEqual([
      { operation: 'users.list', status: 200 },
    ]);
    expect(calls[0]?.seconds).toBeGreaterThanOrEqual(0);
    expect(watch.lastAnswerAt()).toBe(1000);
  });

  it('counts a failure as no answer, and a client that left not at all', async () => {
    const { calls, watch } = countingWatch();
    const failing = (kind: 'timeout' | 'aborted') => () =>
      Promise.reject(new UpstreamFailure(kind, kind));
    await expect(watch.watch(failing('timeout'))(req)).rejects.toThrow('timeout');
    await expect(watch.watch(failing('aborted'))(req)).rejects.toThrow('aborted');
    expect(calls.map((call) => call.status)).toEqual([undefined]);
    expect(watch.lastAnswerAt()).toBeUndefined();
  });

  it('answers the call when counting it fails, leaving no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const watch = createUpstreamWatch({
        baseUrl: 'http://chat.test/v3',
        now: () => 1000,
        onCall: () => {
          throw new Error('metrics broke');
        },
      });
      await expect(watch.watch(() => Promise.resolve(answer))(req)).resolves.toBe(answer);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
