import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamResponse } from '../api/forward';
import { createQueuePoller, rateLimitWaitMs, type PollerStatus } from './queue-poller';

const now = Date.parse('2030-01-01T09:00:00Z');
const answer = (status: number, headers: Record<string, string> = {}): UpstreamResponse => ({
  status,
  headers,
  body: new Uint8Array(new TextEncoder().encode('{"data":[]}')),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('how long a 429 asks to wait', () => {
  it('reads Retry-After in seconds or as a date, else the documented X-Rate-Limit-Reset', () => {
    expect(rateLimitWaitMs({ 'retry-after': '30' }, now)).toBe(30_000);
    expect(rateLimitWaitMs({ 'retry-after': new Date(now + 12_000).toUTCString() }, now)).toBe(
      12_000,
    );
    expect(rateLimitWaitMs({ 'x-rate-limit-reset': String(now / 1000 + 45) }, now)).toBe(45_000);
    expect(rateLimitWaitMs({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(rateLimitWaitMs({}, now)).toBeUndefined();
  });
});

describe('the queue poller', () => {
  it('backs off exponentially up to its cap when the service fails or does not say how long, then resets', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const replies = [answer(503), answer(429), answer(503), answer(503), answer(200), answer(200)];
    const readAt: number[] = [];
    const statuses: PollerStatus[] = [];
    let clock = 0;
    const poller = createQueuePoller({
      intervalMs: 10_000,
      maxBackoffMs: 60_000,
      now: () => now,
      read: () => {
        readAt.push(clock);
        return Promise.resolve(replies.shift() ?? answer(200));
      },
      parse: () => true,
      onPoll: ({ status }) => statuses.push(status),
    });
    poller.start();
    for (let step = 0; step < 200; step++) {
      clock += 1_000;
      await vi.advanceTimersByTimeAsync(1_000);
    }
    poller.stop();
    // Waits of 10, 20, 40 and 60 s (the cap), then the interval again once the list reads.
    expect(readAt.slice(0, 7)).toEqual([0, 10_000, 30_000, 70_000, 130_000, 140_000, 150_000]);
    expect(statuses.slice(0, 2)).toEqual([
      {
        state: 'paused',
        reason: 'unavailable',
        retryInSeconds: 10,
        message: 'live updates paused: the service answered 503, retrying in 10 s',
      },
      {
        state: 'paused',
        reason: 'rate-limited',
        retryInSeconds: 20,
        message: 'live updates paused: the service is rate limiting, retrying in 20 s',
      },
    ]);
    expect(statuses[4]).toEqual({ state: 'live', at: now });
  });

  it('abandons a read in flight when stopped and reads no more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let reads = 0;
    let aborted = false;
    const poller = createQueuePoller({
      intervalMs: 10_000,
      maxBackoffMs: 60_000,
      now: () => now,
      read: (signal) => {
        reads += 1;
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          }),
        );
      },
      parse: () => true,
      onPoll: () => undefined,
    });
    poller.start();
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect({ reads, aborted, running: poller.running }).toEqual({
      reads: 1,
      aborted: true,
      running: false,
    });
  });
});
