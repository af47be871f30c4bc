import { randomUUID } from 'node:crypto';
import { chatOperations, operationLabel } from '../../../src/api/contract/operations';
import { blockedMessageListResponseSchema } from '../../../src/api/schemas/blocked-message';
import type { GoneItem, PollerStatusEvent } from '../../../src/api/schemas/live-queue';
import { asDecision } from '../api/decision-record';
import { buildUpstreamRequest } from '../api/upstream-request';
import { jsonText } from '../store/sql-json';
import type { Runtime, UpstreamAnswer } from '../context';
import { rememberBlockedItems } from '../insights/moderation-items';
import { recordQueueSample } from '../insights/queue-samples';
import { activeClaims, purgeExpiredClaims, releaseDecided, releaseOperatorClaims } from './claims';
import { announceWatching, endWatching, watchedElsewhere } from './presence';
import { releaseLease, takeLease } from './lease';
import { createQueuePoller, realTimers, type LiveTimers, type PollerStatus } from './queue-poller';
import {
  queueLease,
  readCurrentSnapshot,
  writeQueueSnapshot,
  type QueueSnapshot,
} from './queue-snapshot';

/**
 * The poller's own name at the upstream gate: not an operator's (usernames start with a letter), so
 * its turn never takes one of theirs.
 */
export const pollerIdentity = '(live queue)';

export interface LiveQueueOptions {
  pollMs: number;
  claimMs: number;
  heartbeatMs: number;
  maxBackoffMs: number;
  /**
   * When an operator's last event stream on this server closes (tab closed, browser gone), their
   * claims are released after this long unless a stream of theirs opens again (a reconnect).
   */
  releaseGraceMs: number;
  /**
   * How often a console server with watchers re-reads what every replica shares: the list the
   * polling replica stored, and the claims (made or released through any replica, or expired).
   */
  followMs: number;
  /** Event streams one operator may hold open on this server (tabs, windows); one more is refused. */
  maxStreamsPerOperator: number;
  timers: LiveTimers;
}

export const defaultLiveQueueOptions: LiveQueueOptions = {
  pollMs: 10_000,
  claimMs: 5 * 60_000,
  heartbeatMs: 15_000,
  maxBackoffMs: 5 * 60_000,
  releaseGraceMs: 5_000,
  followMs: 1_000,
  maxStreamsPerOperator: 8,
  timers: realTimers,
};

/** One event as it goes out to every watcher (serialised once, not per watcher). */
export type LiveEvent =
  | { event: 'queue' | 'claims' | 'status'; id?: string; data: string }
  | { event: 'heartbeat' }
  | { event: 'end'; data: string };

export type Watcher = (event: LiveEvent) => void;

const blockedList = chatOperations.find((op) => op.name === 'blocked.list');
const review = chatOperations.find((op) => op.name === 'blocked.review');
const remove = chatOperations.find((op) => op.name === 'messages.delete');

/** A decision older than this is not why an item left the list now. */
const noteWindowMs = 24 * 60 * 60_000;

/**
 * Why an item left the list: "Rejected by sam" with the decision (what, who, when) from the console's
 * audit trail, else "Decided outside the console". The trail is in the store every replica shares,
 * so a decision made through any of them is named.
 */
export async function goneItem(rt: Runtime, messageId: string): Promise<GoneItem> {
  const { store } = rt.deps;
  const row = await store.db
    .selectFrom('audit')
    .select(['operator', 'action', 'at', jsonText(store.engine, 'targets', 'status').as('status')])
    .where('action', 'in', ['blocked.review', 'messages.delete'])
    .where('outcome', 'in', ['ok', 'pending', 'unknown'])
    .where('at', '>=', rt.now() - noteWindowMs)
    .where(
      (eb) =>
        eb.fn.coalesce(
          jsonText(store.engine, 'targets', 'messageId'),
          jsonText(store.engine, 'targets', 'id'),
        ),
      '=',
      messageId,
    )
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return { messageId, note: 'Decided outside the console' };
  const status =
    row.action === 'messages.delete'
      ? 'deleted'
      : asDecision(row.status) === 'approved'
        ? 'approved'
        : 'rejected';
  const by = row.operator ?? 'someone';
  return {
    messageId,
    note: `${status.charAt(0).toUpperCase()}${status.slice(1)} by ${by}`,
    decided: { status, by: row.operator, at: new Date(Number(row.at)).toISOString() },
  };
}

const pendingOf = (body: Uint8Array) => {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = blockedMessageListResponseSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const pending = parsed.data.data.filter(
    (item) =>
      (asDecision(item.message.data.moderation?.status) ?? asDecision(item.status)) === undefined,
  );
  return { json, pending };
};

type ListRead = NonNullable<ReturnType<typeof pendingOf>>;

/** The same ids, in any order: for the watchers the list has not changed. */
const sameIds = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
};

/**
 * The live queue of one console server, alone or one of several replicas on a shared store
 * (decision 0014, "Several replicas"). While it has watchers (the first one starts it, the last one
 * leaving stops it):
 *
 * - Every poll interval it takes or renews the lease `queue-poll`. The holder alone polls the
 *   service; when the list or the poller's state changes it stores both as a new snapshot version,
 *   and after each good read it records the queue sample and the items' rules for the insights.
 *   Alone on its store, a server always wins the lease: the same code path.
 * - Every `followMs` it reads a newer snapshot of the current holder (the holder applies its own
 *   at once) and turns it into its watchers' events as one server always did: the list with the
 *   ids that arrived and the items that left since the list this server showed last, each named
 *   from the audit trail that every replica writes to.
 * - Every `followMs` it also re-reads the claims and pushes them when they changed. Claims change
 *   through any replica (and expire) while nothing else says so: re-reading a small table once a
 *   second beats a notification channel that SQLite lacks and PostgreSQL would need a connection of
 *   its own for. Changes made through this server are pushed at once.
 */
export function createLiveQueue(rt: Runtime, options: Partial<LiveQueueOptions> = {}) {
  const opts: LiveQueueOptions = { ...defaultLiveQueueOptions, ...options };
  const { store, logger } = rt.deps;
  /** A holder that stops renewing (a crash) hands over after three missed polls. */
  const leaseMs = 3 * opts.pollMs;
  const watchers = new Set<Watcher>();
  const streamsOf = new Map<string, number>();
  /** This server, in the store's record of who watches where (presence.ts). */
  const server = randomUUID();
  /** An announced stream lapses after this unless renewed (every third of it). */
  const presenceMs = 15_000;
  /** Watchers, counted from when they ask (before their first events are ready). */
  let active = 0;
  /**
   * This server's turn at watching, from its first watcher to its last. Its lease holder id is new
   * each time, so the snapshot it stored in an earlier turn is never taken for a current one.
   */
  let term: { holder: string; cancel: (() => void)[]; ready: Promise<void> } | undefined;
  let held = false;
  // What this server shows its watchers.
  let seen = 0;
  let shownIds: ReadonlySet<string> | undefined;
  let queueVersion = 0;
  let queueData: string | undefined;
  let status: PollerStatusEvent = { state: 'starting' };
  let statusData = JSON.stringify(status);
  const noClaims = JSON.stringify({ claims: [] });
  let claimsData = noClaims;
  // What this server stored last while holding the lease.
  let stored: { ids: readonly string[]; list: unknown } | undefined;
  let storedStatus: PollerStatus | undefined;

  /**
   * This server's store work, one step after the other, so no answer overtakes a newer one. A
   * closed store (the server is shutting down) takes no more.
   */
  let work = Promise.resolve();
  const step = (what: string, fn: () => Promise<void>): Promise<void> => {
    work = work
      .then(() => (store.closed ? undefined : fn()))
      .catch((error: unknown) => logger.error({ err: error }, `live queue: ${what}`));
    return work;
  };

  const send = (event: LiveEvent) => {
    for (const watcher of watchers) watcher(event);
  };
  const claimsEvent = (): LiveEvent => ({ event: 'claims', data: claimsData });
  const statusEvent = (): LiveEvent => ({ event: 'status', data: statusData });

  /** Re-reads the claims and pushes them when they changed. */
  const refreshClaims = async () => {
    const data = JSON.stringify({ claims: await activeClaims(store, rt.now()) });
    if (data === claimsData) return;
    claimsData = data;
    send(claimsEvent());
  };

  /** Turns a newer snapshot into this server's events. */
  const apply = async (version: number, snapshot: QueueSnapshot) => {
    if (version <= seen) return;
    seen = version;
    const t = term;
    let queue: LiveEvent | undefined;
    const removed: GoneItem[] = [];
    if (snapshot.ids !== null) {
      const ids = new Set(snapshot.ids);
      const before = shownIds;
      const added = before ? snapshot.ids.filter((id) => !before.has(id)) : [];
      for (const id of before ?? []) {
        if (!ids.has(id)) removed.push(await goneItem(rt, id));
      }
      if (t !== term) return;
      shownIds = ids;
      if (queueData === undefined || added.length > 0 || removed.length > 0) {
        queueVersion = version;
        queueData = JSON.stringify({ version, list: snapshot.list, added, removed });
        queue = { event: 'queue', id: String(version), data: queueData };
      }
    }
    const nextStatus = JSON.stringify(snapshot.status);
    if (nextStatus !== statusData) {
      status = snapshot.status;
      statusData = nextStatus;
      send(statusEvent());
    }
    if (queue) send(queue);
    for (const gone of removed) await releaseDecided(store, gone.messageId);
    if (removed.length > 0) await refreshClaims();
  };

  type Term = NonNullable<typeof term>;

  /** The holder's poll: stored for every replica when the list or the poller's state changed. */
  const publish = async (t: Term, poll: { list: ListRead | undefined; status: PollerStatus }) => {
    if (t !== term || !held) return;
    const at = rt.now();
    const ids = poll.list?.pending.map((item) => item.message.id);
    const listChanged = ids !== undefined && (!stored || !sameIds(stored.ids, ids));
    // "live" repeats every poll; only a change of state is news (each pause is: its wait changes).
    const statusNews = !(poll.status.state === 'live' && storedStatus?.state === 'live');
    if (listChanged || statusNews) {
      const list = poll.list && ids && listChanged ? { ids, list: poll.list.json } : stored;
      const snapshot: QueueSnapshot = {
        holder: t.holder,
        list: list?.list ?? null,
        ids: list ? [...list.ids] : null,
        status: poll.status,
      };
      if (poll.status.state === 'paused')
        logger.warn(
          { reason: poll.status.reason, retryInSeconds: poll.status.retryInSeconds },
          poll.status.message,
        );
      const version = await writeQueueSnapshot(store, at, snapshot);
      stored = list;
      storedStatus = poll.status;
      // This server's watchers at once; the other replicas' read it within `followMs`.
      if (t === term) await apply(version, snapshot);
    }
    if (!poll.list) return;
    const sentAt = poll.list.pending.map((item) => item.message.sentAt);
    try {
      // How many wait and since when, for the insights page (oldestSentAt in seconds, as sentAt).
      await recordQueueSample(store, {
        at,
        size: poll.list.pending.length,
        oldestSentAt: sentAt.length > 0 ? Math.min(...sentAt) : null,
      });
      // Each item's rule and sentAt, so a decision on it is counted under its rule.
      await rememberBlockedItems(store, poll.list.pending, at);
    } catch (error) {
      logger.error({ err: error }, 'live queue: queue sample not recorded');
    }
  };

  const poller = createQueuePoller({
    intervalMs: opts.pollMs,
    maxBackoffMs: opts.maxBackoffMs,
    now: rt.now,
    timers: opts.timers,
    parse: pendingOf,
    onPoll: (poll) => {
      const t = term;
      if (t) void step('poll not stored', () => publish(t, poll));
    },
    read: (signal) => {
      if (!blockedList) throw new Error('no blocked-list operation in the catalogue');
      const req = buildUpstreamRequest({
        baseUrl: rt.deps.upstream.baseUrl,
        apiKey: rt.deps.upstream.apiKey,
        op: blockedList,
        segments: ['moderation', 'blocked-messages'],
        query: [],
        onBehalfOf: undefined,
        body: undefined,
        signal,
      });
      return rt.gate.run(pollerIdentity, signal, () => rt.forward(req));
    },
  });

  /** Takes or renews the lease: the holder polls, any other server does not. */
  const lease = async (t: Term) => {
    let won = false;
    try {
      won = await takeLease(store, {
        name: queueLease,
        holder: t.holder,
        now: rt.now(),
        ms: leaseMs,
      });
    } catch (error) {
      // Not knowing whether it still holds the lease, it stops rather than risk two pollers.
      logger.error({ err: error }, 'live queue: lease not taken or renewed');
    }
    // Stopped meanwhile: the release is the next step.
    if (t !== term || won === held) return;
    held = won;
    if (won) {
      logger.info('live queue: this console server polls the service for every replica');
      poller.start();
    } else {
      poller.stop();
      stored = undefined;
      storedStatus = undefined;
    }
  };

  /** What every replica shares: a newer snapshot of the current holder, and the claims. */
  const follow = async (t: Term) => {
    const found = await readCurrentSnapshot(store, { after: seen, now: rt.now() });
    if (t !== term) return;
    if (found) await apply(found.version, found.snapshot);
    if (t === term) await refreshClaims();
  };

  const start = (): Term => {
    const t: Term = { holder: randomUUID(), cancel: [], ready: Promise.resolve() };
    term = t;
    // A tick that finds the previous one still waiting in line adds nothing to it.
    let leasing = false;
    let following = false;
    const leaseTick = () => {
      if (leasing) return;
      leasing = true;
      void step('lease not taken', () => {
        leasing = false;
        return t === term ? lease(t) : Promise.resolve();
      });
    };
    const followTick = () => {
      if (following) return work;
      following = true;
      return step('shared state not read', () => {
        following = false;
        return t === term ? follow(t) : Promise.resolve();
      });
    };
    leaseTick();
    t.ready = followTick();
    t.cancel.push(
      opts.timers.every(opts.pollMs, leaseTick),
      opts.timers.every(opts.followMs, () => void followTick()),
      opts.timers.every(presenceMs / 3, () => {
        void step('streams not announced', () =>
          announceWatching(store, server, streamsOf.keys(), rt.now(), presenceMs),
        );
      }),
      opts.timers.every(opts.heartbeatMs, () => {
        void step('expired claims not purged', () => purgeExpiredClaims(store, rt.now()));
        send({ event: 'heartbeat' });
      }),
      opts.timers.every(1000, () => {
        if (rt.deps.isClosing?.())
          send({ event: 'end', data: JSON.stringify({ reason: 'closing' }) });
      }),
    );
    return t;
  };

  const stop = () => {
    const t = term;
    if (!t) return;
    term = undefined;
    for (const cancel of t.cancel) cancel();
    poller.stop();
    // Given back, so another replica with watchers takes over at its next try. Also when it did not
    // hold it: a lease step still in line may win it before this one runs.
    void step('lease not given back', () => releaseLease(store, queueLease, t.holder));
    held = false;
    stored = undefined;
    storedStatus = undefined;
    // Nobody watches here any more: what was shown is stale. The next watcher waits for a current list.
    seen = 0;
    shownIds = undefined;
    queueVersion = 0;
    queueData = undefined;
    status = { state: 'starting' };
    statusData = JSON.stringify(status);
    claimsData = noClaims;
  };

  return {
    options: opts,
    /**
     * Adds a watcher and sends it where things stand: the poller's state, the claims, and the list
     * unless `lastEventId` says it has this version already. Returns the function that removes it.
     */
    async watch(watcher: Watcher, lastEventId?: string, operator?: string): Promise<() => void> {
      if (operator) {
        const streams = (streamsOf.get(operator) ?? 0) + 1;
        streamsOf.set(operator, streams);
        if (streams === 1)
          void step('stream not announced', () =>
            announceWatching(store, server, [operator], rt.now(), presenceMs),
          );
      }
      active += 1;
      const t = term ?? start();
      // The first watcher waits for the shared state's first read (later ones find it done).
      await t.ready;
      watchers.add(watcher);
      watcher(statusEvent());
      watcher(claimsEvent());
      if (queueData !== undefined && lastEventId !== String(queueVersion))
        watcher({ event: 'queue', id: String(queueVersion), data: queueData });
      let gone = false;
      return () => {
        if (gone) return;
        gone = true;
        watchers.delete(watcher);
        active -= 1;
        if (active === 0) stop();
        if (!operator) return;
        const left = (streamsOf.get(operator) ?? 1) - 1;
        if (left > 0) {
          streamsOf.set(operator, left);
          return;
        }
        streamsOf.delete(operator);
        void step('stream end not recorded', () => endWatching(store, server, operator));
        opts.timers.after(opts.releaseGraceMs, () => {
          if (streamsOf.has(operator)) return;
          void step('claims not released', async () => {
            // Their browser may be watching through another replica (no sticky sessions).
            if (await watchedElsewhere(store, server, operator, rt.now())) return;
            if ((await releaseOperatorClaims(store, operator)) && watchers.size > 0)
              await refreshClaims();
          });
        });
      };
    },
    /** Claims changed through this server: push them now. */
    claimsChanged: () => step('claims not read', refreshClaims),
    /** A completed decision or deletion ends the claim on its message (an answer observer). */
    async observe(answer: UpstreamAnswer): Promise<void> {
      if (answer.status < 200 || answer.status > 299) return;
      const decided =
        (review && answer.operation === operationLabel(review) && answer.params.messageId) ||
        (remove && answer.operation === operationLabel(remove) && answer.params.id);
      if (decided && (await releaseDecided(store, decided)) && watchers.size > 0)
        await step('claims not read', refreshClaims);
    },
    get watching() {
      return watchers.size;
    },
    get polling() {
      return poller.running;
    },
    /** Stops watching here; resolves once the lease is given back (before the store closes). */
    close: () => {
      stop();
      return work;
    },
  };
}

export type LiveQueue = ReturnType<typeof createLiveQueue>;
