import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';
import { openEventStream } from '../test-support/sse';
import { manualTimers } from '../test-support/manual-timers';

let h: Harness;
beforeEach(async () => {
  h = await createHarness({
    reply: () => ({ body: '{"data":[],"meta":{"pagination":{"total":0}}}' }),
    deps: { liveQueue: { maxStreamsPerOperator: 2 } },
    hooks: { liveTimers: manualTimers().timers },
  });
});
afterEach(() => h.close());

describe('live queue streams per operator', () => {
  it('are capped, with a refusal that says what to do, and free again when one closes', async () => {
    const first = await openEventStream(h, h.cookies.moderator);
    const second = await openEventStream(h, h.cookies.moderator);
    const third = await h.call('GET', '/console/queue/events', { cookie: h.cookies.moderator });
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({
      error: {
        code: 'CONSOLE_BUSY',
        message:
          'You have 2 live queues open already, the most one operator may: close one (another tab or window) and reload.',
      },
    });
    // Another operator is not affected.
    const other = await openEventStream(h, h.cookies.admin);
    expect(other.res.status).toBe(200);
    await first.close();
    const again = await openEventStream(h, h.cookies.moderator);
    expect(again.res.status).toBe(200);
    for (const stream of [second, other, again]) await stream.close();
  });
});
