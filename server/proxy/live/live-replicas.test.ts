import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulatorApp } from '../../emulator/app';
import { openSeededStore } from '../../emulator/test-stores';
import { fetchHandlerForward } from '../api/forward';
import { createProxyApp } from '../app';
import {
  createHarness,
  memoryLogger,
  testHashCost,
  testHost,
  testOrigin,
  type CallOptions,
} from '../test-support/harness';
import { openEventStream } from '../test-support/sse';
import { manualTimers } from '../test-support/manual-timers';
import { queueLease } from './queue-snapshot';

const pollMs = 10_000;
const followMs = 1_000;

/**
 * Two console servers (replicas) on one store, in front of one emulator, their live queues on the
 * same timers the test moves; each counts the blocked-list reads it sends.
 */
async function twoReplicas() {
  const clock = manualTimers();
  const emulatorStore = openSeededStore();
  const emulator = createEmulatorApp({ store: emulatorStore, apiKey: 'emulator-key', admin: true });
  const reads = { a: 0, b: 0 };
  const forwardOf = (replica: keyof typeof reads) =>
    fetchHandlerForward((req) => {
      const url = new URL(req.url);
      if (req.method === 'GET' && url.pathname === '/v3/moderation/blocked-messages')
        reads[replica] += 1;
      return emulator.fetch(req);
    });
  const upstream = { baseUrl: 'http://emulator.invalid/v3', apiKey: 'emulator-key' };
  const liveQueue = { pollMs, followMs };
  const a = await createHarness({
    deps: { upstream, forward: forwardOf('a'), liveQueue },
    hooks: { liveTimers: clock.timers },
  });
  // The second replica: the same store (so the same operators and sessions), its own process state.
  const appB = createProxyApp(
    {
      store: a.store,
      upstream,
      forward: forwardOf('b'),
      allowedHosts: [testHost],
      logger: memoryLogger().logger,
      liveQueue,
    },
    { now: () => a.clock.now, passwordHashCost: testHashCost, liveTimers: clock.timers },
  );
  const b = {
    call: async (method: string, path: string, o: CallOptions = {}) =>
      appB.request(path, {
        method,
        headers: {
          host: testHost,
          origin: testOrigin,
          'x-requested-with': 'chat-admin-console',
          'sec-fetch-site': 'same-origin',
          ...(o.cookie ? { cookie: o.cookie } : {}),
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...o.headers,
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      }),
  };
  const control = (path: string, body: unknown) =>
    emulator.request(`/__emulator${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const holders = async () =>
    (
      await a.store.db
        .selectFrom('leases')
        .select('holder')
        .where('name', '=', queueLease)
        .execute()
    ).map((row) => row.holder);
  return {
    a,
    b,
    reads,
    control,
    holders,
    advance: (ms: number) => clock.advance(ms),
    close: async () => {
      await a.close();
      emulatorStore.close();
    },
  };
}

let open: { close: () => Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

type Stream = Awaited<ReturnType<typeof openEventStream>>;

const queueEvent = z.object({
  version: z.number(),
  list: z.object({ data: z.array(z.object({ message: z.object({ id: z.string() }) })) }),
  added: z.array(z.string()),
  removed: z.array(z.object({ messageId: z.string(), note: z.string() })),
});

/** The latest `queue` event once one newer than `after` arrived. */
const nextQueue = (stream: Stream, after = 0) =>
  stream.until(() => {
    const parsed = queueEvent.safeParse(stream.latest('queue'));
    return parsed.success && parsed.data.version > after ? parsed.data : undefined;
  });

/** The latest event of a kind once `check` holds for it. */
const latestWhen = (stream: Stream, event: string, check: (data: unknown) => boolean) =>
  stream.until(() => {
    const data = stream.latest(event);
    return data !== undefined && check(data) ? data : undefined;
  });

const claimsOf = (data: unknown) =>
  z
    .object({ claims: z.array(z.object({ messageId: z.string(), operator: z.string() })) })
    .parse(data).claims;

describe('the live queue on several replicas', () => {
  it('is polled by one replica per interval, and a change it sees reaches the other replica, named from the shared audit trail', async () => {
    const t = await twoReplicas();
    open = t;
    const onA = await openEventStream(t.a, t.a.cookies.moderator);
    const first = await nextQueue(onA);
    const onB = await openEventStream(t.b, t.a.cookies.support);
    // B shows the list A read, without reading it again.
    expect(await nextQueue(onB)).toEqual(first);
    expect(t.reads).toEqual({ a: 1, b: 0 });

    for (let tick = 1; tick <= 3; tick++) await t.advance(pollMs);
    await vi.waitFor(() => expect(t.reads.a).toBe(4));
    expect(t.reads.b).toBe(0);

    // A decision made through B: A's poll sees the item leave, both name who decided it.
    const target = first.list.data[0]?.message.id;
    if (!target) throw new Error('the demo queue has items');
    const injected = await t.control('/blocked-messages', {
      sender: 'amelia-hart',
      receiver: 'noah-fischer',
      text: 'you are a scam',
    });
    expect(injected.status).toBe(200);
    const decided = await t.b.call('PATCH', `/api/moderation/blocked-messages/${target}`, {
      cookie: t.a.cookies.admin,
      body: { status: 'rejected', reviewed: true },
    });
    expect(decided.status).toBe(200);
    await t.advance(pollMs);
    const change = {
      added: [expect.any(String)],
      removed: [{ messageId: target, note: 'Rejected by admin' }],
    };
    const onAChange = await nextQueue(onA, first.version);
    expect(onAChange).toMatchObject(change);
    await t.advance(followMs);
    expect(await nextQueue(onB, first.version)).toEqual(onAChange);
    expect(t.reads.b).toBe(0);
    await Promise.all([onA.close(), onB.close()]);
  });

  it("tells every replica's watchers when the poll pauses, and when it is live again", async () => {
    const t = await twoReplicas();
    open = t;
    const onA = await openEventStream(t.a, t.a.cookies.moderator);
    await nextQueue(onA);
    const onB = await openEventStream(t.b, t.a.cookies.moderator);
    await nextQueue(onB);
    await t.control('/faults', {
      method: 'GET',
      path: '/moderation/blocked-messages',
      status: 429,
      retryAfter: 30,
    });
    await t.advance(pollMs);
    await latestWhen(
      onA,
      'status',
      (s) => z.object({ state: z.literal('paused') }).safeParse(s).success,
    );
    await t.advance(followMs);
    expect(
      await latestWhen(
        onB,
        'status',
        (s) => z.object({ state: z.literal('paused') }).safeParse(s).success,
      ),
    ).toMatchObject({
      state: 'paused',
      message: 'live updates paused: the service is rate limiting, retrying in 30 s',
    });
    await t.advance(30_000 - followMs);
    await latestWhen(
      onA,
      'status',
      (s) => z.object({ state: z.literal('live') }).safeParse(s).success,
    );
    await t.advance(followMs);
    await latestWhen(
      onB,
      'status',
      (s) => z.object({ state: z.literal('live') }).safeParse(s).success,
    );
    expect(t.reads.b).toBe(0);
    await Promise.all([onA.close(), onB.close()]);
  });

  it('shows a claim taken through one replica on the other within a second, and its release', async () => {
    const t = await twoReplicas();
    open = t;
    const onA = await openEventStream(t.a, t.a.cookies.admin);
    await nextQueue(onA);
    const onB = await openEventStream(t.b, t.a.cookies.support);
    await nextQueue(onB);
    const claimed = await t.a.call('POST', '/console/queue/claims/12', {
      cookie: t.a.cookies.moderator,
    });
    expect(claimed.status).toBe(200);
    // Pushed at once on A, where it was taken; B reads it at its next look at the store.
    expect(claimsOf(await latestWhen(onA, 'claims', (c) => claimsOf(c).length > 0))).toEqual([
      { messageId: '12', operator: 'moderator' },
    ]);
    await t.advance(followMs);
    expect(claimsOf(await latestWhen(onB, 'claims', (c) => claimsOf(c).length > 0))).toEqual([
      { messageId: '12', operator: 'moderator' },
    ]);
    // Someone else on B: held. Released on B: gone on A too.
    const held = await t.b.call('POST', '/console/queue/claims/12', { cookie: t.a.cookies.admin });
    expect(held.status).toBe(409);
    const released = await t.b.call('DELETE', '/console/queue/claims/12', {
      cookie: t.a.cookies.moderator,
    });
    expect(released.status).toBe(204);
    await t.advance(followMs);
    await latestWhen(onA, 'claims', (c) => claimsOf(c).length === 0);
    await Promise.all([onA.close(), onB.close()]);
  });

  it('keeps the claims of an operator who still watches through the other replica', async () => {
    const t = await twoReplicas();
    open = t;
    // Behind a balancer without stickiness, one browser's stream and calls land on either replica.
    const onA = await openEventStream(t.a, t.a.cookies.moderator);
    await nextQueue(onA);
    const onB = await openEventStream(t.b, t.a.cookies.moderator);
    await nextQueue(onB);
    const claimed = await t.b.call('POST', '/console/queue/claims/12', {
      cookie: t.a.cookies.moderator,
    });
    expect(claimed.status).toBe(200);
    const claims = async () =>
      (await t.a.store.db.selectFrom('queue_claims').select('message_id').execute()).map(
        (row) => row.message_id,
      );
    /** The console servers that announced a stream of the moderator. */
    const watching = async () =>
      (
        await t.a.store.db
          .selectFrom('leases')
          .select('name')
          .where('name', 'like', 'watching:%')
          .where('holder', '=', 'moderator')
          .execute()
      ).length;
    expect(await watching()).toBe(2);

    // Their stream on B ends (a reconnect lands on A): B must not end a claim A's watcher still has.
    await onB.close();
    await vi.waitFor(async () => expect(await watching()).toBe(1));
    await t.advance(5_000);
    await t.advance(followMs);
    expect(await claims()).toEqual(['12']);

    // Gone from every replica: released after the grace period, as on one server.
    await onA.close();
    await vi.waitFor(async () => expect(await watching()).toBe(0));
    await t.advance(5_000);
    await vi.waitFor(async () => expect(await claims()).toEqual([]));
  });

  it("passes the poll to another replica when the holder's last watcher leaves", async () => {
    const t = await twoReplicas();
    open = t;
    const onA = await openEventStream(t.a, t.a.cookies.moderator);
    const first = await nextQueue(onA);
    const onB = await openEventStream(t.b, t.a.cookies.support);
    await nextQueue(onB);
    const [holderA] = await t.holders();
    expect(holderA).toEqual(expect.any(String));

    await onA.close();
    // A gave the lease back; B takes it at its next try and reads at once.
    await vi.waitFor(async () => expect(await t.holders()).not.toContain(holderA));
    await t.advance(pollMs);
    await vi.waitFor(() => expect(t.reads.b).toBe(1));
    await vi.waitFor(async () => expect(await t.holders()).toHaveLength(1));
    await t.advance(pollMs);
    await vi.waitFor(() => expect(t.reads.b).toBe(2));
    expect(t.reads.a).toBe(1);

    // B's poll keeps its watchers current: an arrival shows, and nothing was sent twice before it.
    await t.control('/blocked-messages', {
      sender: 'amelia-hart',
      receiver: 'noah-fischer',
      text: 'send me your password',
    });
    await t.advance(pollMs);
    const arrival = await nextQueue(onB, first.version);
    expect(arrival).toMatchObject({ added: [expect.any(String)], removed: [] });
    expect(onB.events.filter((e) => e.event === 'queue')).toHaveLength(2);
    await onB.close();
  });
});
