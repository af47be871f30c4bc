import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveConsole, liveEmulatorPollMs as pollMs } from '../test-support/live-emulator';
import { openEventStream } from '../test-support/sse';

const flaggedEvents = '/console/queue/events?list=flagged';
const firstId = (event: unknown) =>
  z.object({ list: z.object({ data: z.array(z.object({ id: z.string() })) }) }).parse(event).list
    .data[0]?.id;
const version = (n: number) => (event: unknown) =>
  typeof event === 'object' && event && 'version' in event && event.version === n
    ? event
    : undefined;

let open: { close: () => Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('the live flagged queue', () => {
  it('reads each list once per interval for every watcher, each only while someone watches it', async () => {
    const live = await liveConsole();
    open = live;
    const flagged = [];
    for (let i = 0; i < 20; i++)
      flagged.push(await openEventStream(live.h, live.h.cookies.moderator, {}, flaggedEvents));
    await Promise.all(flagged.map((s) => s.until(() => s.latest('queue'))));
    // Nobody watches the blocked queue: its list is not read.
    expect([live.flaggedReads.length, live.reads.length]).toEqual([1, 0]);
    const blocked = await openEventStream(live.h, live.h.cookies.support);
    await blocked.until(() => blocked.latest('queue'));
    for (let tick = 1; tick <= 3; tick++) await live.advance(pollMs);
    await vi.waitFor(() => expect([live.flaggedReads.length, live.reads.length]).toEqual([4, 4]));
    expect(live.flaggedReads.every((r) => r.apikey === 'emulator-key')).toBe(true);
    for (const s of [...flagged, blocked]) await s.close();
    await live.stopped();
    await live.advance(pollMs * 3);
    expect([live.flaggedReads.length, live.reads.length]).toEqual([4, 4]);
  });

  it('sends a flag decided by someone else as leaving, blocked by whom and when, and ends its claim', async () => {
    const live = await liveConsole();
    open = live;
    const watcher = await openEventStream(live.h, live.h.cookies.support, {}, flaggedEvents);
    const target = firstId(await watcher.until(() => watcher.latest('queue')));
    if (!target) throw new Error('no flagged item');
    const claimed = await live.h.call('POST', `/console/queue/claims/${target}`, {
      cookie: live.h.cookies.moderator,
    });
    expect(claimed.status).toBe(200);
    await watcher.until(() => (JSON.stringify(watcher.latest('claims')).includes(target) ? 1 : 0));
    const blocked = await live.h.call('PATCH', `/api/moderation/flagged-messages/${target}`, {
      cookie: live.h.cookies.admin,
      body: { status: 'disapproved' },
    });
    expect(blocked.status).toBe(200);
    await live.advance(pollMs);
    const next = await watcher.until(() => version(2)(watcher.latest('queue')));
    expect(next).toMatchObject({
      added: [],
      removed: [
        {
          messageId: target,
          note: 'Blocked by admin',
          decided: {
            status: 'rejected',
            by: 'admin',
            at: new Date(live.h.clock.now).toISOString(),
          },
        },
      ],
    });
    expect(firstId(next)).not.toBe(target);
    expect(watcher.latest('claims')).toEqual({ claims: [] });
    await watcher.close();
  });

  it('refuses a stream of a list it does not know', async () => {
    const live = await liveConsole();
    open = live;
    const res = await live.h.call('GET', '/console/queue/events?list=reviewed', {
      cookie: live.h.cookies.moderator,
    });
    expect(res.status).toBe(400);
  });
});
