import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Harness } from '../test-support/harness';
import { liveConsole, liveEmulatorPollMs } from '../test-support/live-emulator';
import { openEventStream } from '../test-support/sse';

const pollMs = liveEmulatorPollMs;

let open: { close: () => Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function watchers(h: Harness, n: number) {
  const streams = [];
  for (let i = 0; i < n; i++) streams.push(await openEventStream(h, h.cookies.moderator));
  return streams;
}

describe('the live queue poller', () => {
  it('reads the blocked list once per interval however many moderators watch, with the server key, and stops when the last leaves', async () => {
    const live = await liveConsole();
    open = live;
    const streams = await watchers(live.h, 20);
    await Promise.all(streams.map((s) => s.until(() => s.latest('queue'))));
    expect(live.reads).toHaveLength(1);
    for (let tick = 1; tick <= 3; tick++) await live.advance(pollMs);
    // One read at the first watcher, then one per interval: 20 watchers cost what one costs.
    await vi.waitFor(() => expect(live.reads).toHaveLength(4));
    expect(live.reads.every((r) => r.apikey === 'emulator-key' && !r.url.includes('?'))).toBe(true);
    for (const s of streams) await s.close();
    await live.stopped();
    await live.advance(pollMs * 3);
    expect(live.reads).toHaveLength(4);
  });

  it('sends new items and items decided by someone else, naming who decided', async () => {
    const live = await liveConsole();
    open = live;
    const [watcher] = await watchers(live.h, 1);
    if (!watcher) throw new Error('no stream');
    const first = await watcher.until(() => watcher.latest('queue'));
    expect(first).toMatchObject({ version: 1, added: [], removed: [] });
    const target = z
      .object({
        list: z.object({ data: z.array(z.object({ message: z.object({ id: z.string() }) })) }),
      })
      .parse(first).list.data[0]?.message.id;
    const injected = await live.control('/blocked-messages', {
      sender: 'amelia-hart',
      receiver: 'noah-fischer',
      text: 'you are a scam',
    });
    expect(injected.status).toBe(200);
    const rejected = await live.h.call('PATCH', `/api/moderation/blocked-messages/${target}`, {
      cookie: live.h.cookies.admin,
      body: { status: 'rejected', reviewed: true },
    });
    expect(rejected.status).toBe(200);
    await live.advance(pollMs);
    const next = await watcher.until(() => {
      const event = watcher.latest('queue');
      return typeof event === 'object' && event && 'version' in event && event.version === 2
        ? event
        : undefined;
    });
    expect(next).toMatchObject({
      added: [expect.any(String)],
      removed: [
        {
          messageId: target,
          note: 'Rejected by admin',
          decided: {
            status: 'rejected',
            by: 'admin',
            at: new Date(live.h.clock.now).toISOString(),
          },
        },
      ],
    });
  });

  it('pauses on a 429 for what Retry-After asks and tells watchers so', async () => {
    const live = await liveConsole();
    open = live;
    const [watcher] = await watchers(live.h, 1);
    if (!watcher) throw new Error('no stream');
    await watcher.until(() => watcher.latest('queue'));
    await live.control('/faults', {
      method: 'GET',
      path: '/moderation/blocked-messages',
      status: 429,
      retryAfter: 30,
    });
    await live.advance(pollMs);
    expect(
      await watcher.until(() => {
        const s = watcher.latest('status');
        return typeof s === 'object' && s && 'state' in s && s.state === 'paused' ? s : undefined;
      }),
    ).toMatchObject({
      state: 'paused',
      message: 'live updates paused: the service is rate limiting, retrying in 30 s',
    });
    expect(live.reads).toHaveLength(2);
    await live.advance(29_000);
    expect(live.reads).toHaveLength(2);
    await live.advance(1_000);
    await vi.waitFor(() => expect(live.reads).toHaveLength(3));
    expect(
      await watcher.until(() => {
        const s = watcher.latest('status');
        return typeof s === 'object' && s && 'state' in s && s.state === 'live' ? s : undefined;
      }),
    ).toMatchObject({ state: 'live' });
  });
  it('reads afresh for the first watcher after everyone left, never sending the stale list', async () => {
    const live = await liveConsole();
    open = live;
    const [before] = await watchers(live.h, 1);
    if (!before) throw new Error('no stream');
    const count = (event: unknown) =>
      z.object({ list: z.object({ data: z.array(z.unknown()) }) }).parse(event).list.data.length;
    const first = count(await before.until(() => before.latest('queue')));
    await before.close();
    await live.stopped();
    const added = await live.control('/blocked-messages', {
      sender: 'amelia-hart',
      receiver: 'noah-fischer',
      text: 'send me your password',
    });
    expect(added.status).toBe(200);
    const [after] = await watchers(live.h, 1);
    if (!after) throw new Error('no stream');
    const fresh = await after.until(() => after.latest('queue'));
    expect(after.events.filter((e) => e.event === 'queue')).toHaveLength(1);
    expect(count(fresh)).toBe(first + 1);
    expect(live.reads).toHaveLength(2);
  });
});

describe('the queue event stream', () => {
  it('ends when the operator signs out, at the next heartbeat, and refuses a signed-out browser', async () => {
    const live = await liveConsole();
    open = live;
    const [watcher] = await watchers(live.h, 1);
    if (!watcher) throw new Error('no stream');
    expect(watcher.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await watcher.until(() => watcher.latest('queue'));
    await live.advance(15_000);
    await watcher.until(() => watcher.state.comments > 0 || undefined);
    const out = await live.h.call('POST', '/auth/logout', { cookie: live.h.cookies.moderator });
    expect(out.status).toBe(204);
    await live.advance(15_000);
    await watcher.until(() => watcher.state.ended || undefined);
    expect(watcher.latest('end')).toEqual({ reason: 'signed-out' });
    const again = await live.h.call('GET', '/console/queue/events', {
      cookie: live.h.cookies.moderator,
    });
    expect(again.status).toBe(401);
  });

  it("ends when an admin changes the operator's role, and goes on for the others", async () => {
    const live = await liveConsole();
    open = live;
    const moderator = await openEventStream(live.h, live.h.cookies.moderator);
    const support = await openEventStream(live.h, live.h.cookies.support);
    await moderator.until(() => moderator.latest('queue'));
    await support.until(() => support.latest('queue'));
    const changed = await live.h.call('PATCH', '/console/operators/moderator', {
      cookie: live.h.cookies.admin,
      body: { role: 'support' },
    });
    expect(changed.status).toBe(200);
    await live.advance(15_000);
    await moderator.until(() => moderator.state.ended || undefined);
    expect(moderator.latest('end')).toEqual({ reason: 'signed-out' });
    expect(support.state.ended).toBe(false);
    // Its heartbeat arrives after its own check of the session, which still holds.
    await support.until(() => support.state.comments > 0 || undefined);
    await support.close();
  });

  it("releases an operator's claims a few seconds after their last stream closes, not on a reconnect", async () => {
    const live = await liveConsole();
    open = live;
    const claimsNow = async () =>
      z
        .object({ data: z.array(z.object({ messageId: z.string(), operator: z.string() })) })
        .parse(
          await (
            await live.h.call('GET', '/console/queue/claims', { cookie: live.h.cookies.admin })
          ).json(),
        ).data;
    const first = await openEventStream(live.h, live.h.cookies.moderator);
    await first.until(() => first.latest('queue'));
    await live.h.call('POST', '/console/queue/claims/12', { cookie: live.h.cookies.moderator });
    await first.close();
    await live.stopped();
    await live.advance(2_000);
    // The browser reconnects within the grace: the claim stays.
    const again = await openEventStream(live.h, live.h.cookies.moderator);
    await again.until(() => again.latest('claims'));
    await live.advance(10_000);
    expect(await claimsNow()).toEqual([{ messageId: '12', operator: 'moderator' }]);
    await again.close();
    await live.stopped();
    await live.advance(5_000);
    await vi.waitFor(async () => expect(await claimsNow()).toEqual([]));
  });

  it('skips the list on a reconnect that already has it (Last-Event-ID), and sends it otherwise', async () => {
    const live = await liveConsole();
    open = live;
    const [first] = await watchers(live.h, 1);
    if (!first) throw new Error('no stream');
    await first.until(() => first.latest('queue'));
    const current = await openEventStream(live.h, live.h.cookies.support, { 'last-event-id': '1' });
    await current.until(() => current.latest('claims'));
    const stale = await openEventStream(live.h, live.h.cookies.admin, { 'last-event-id': '0' });
    await stale.until(() => stale.latest('queue'));
    expect(current.events.map((e) => e.event)).toEqual(['status', 'claims']);
    await Promise.all([first.close(), current.close(), stale.close()]);
  });
});
