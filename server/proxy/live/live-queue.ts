import { randomUUID } from 'node:crypto';
import { operationLabel, operationNamed } from '../../../src/api/contract/operations';
import type { Runtime } from '../context';
import type { UpstreamAnswer } from '../deps';
import { createClaimsPresence } from './claims-presence';
import { releaseDecided } from './claims';
import { createListFollower } from './list-follower';
import { createListPublisher } from './list-publisher';
import { blockedLive, flaggedLive, type LiveList } from './live-lists';
import {
  defaultLiveQueueOptions,
  type LiveEvent,
  type LiveQueueOptions,
  type Term,
  type Watcher,
} from './live-options';

/** The completed calls that decide a message (by operation label): its claim ends with them. */
const deciding = (['blocked.review', 'flagged.review', 'messages.delete'] as const).map((name) =>
  operationLabel(operationNamed(name)),
);

/** The message a completed decision or deletion decided, if the answer is one. */
const decidedBy = (answer: UpstreamAnswer): string | undefined =>
  answer.status >= 200 && answer.status <= 299 && deciding.includes(answer.operation)
    ? (answer.params.messageId ?? answer.params.id)
    : undefined;

/**
 * The live queue of one list (blocked or flagged) on one console server, alone or one of several
 * replicas on a shared store (decision 0014, "Several replicas"; decision 0035). While it has
 * watchers (the first one starts a turn, the last one leaving ends it), three units work for it:
 *
 * - lease/publish (`list-publisher.ts`): the lease holder alone polls the service and stores what it
 *   read as a snapshot;
 * - follow/apply (`list-follower.ts`): every `followMs` a newer snapshot becomes this server's events;
 * - presence/claims (`claims-presence.ts`): claims re-read every `followMs` and pushed when changed,
 *   whose streams this server holds, claims released when their operator left.
 *
 * Their store work runs one step after the other, so no answer overtakes a newer one.
 */
export function createLiveQueue(
  rt: Runtime,
  options: Partial<LiveQueueOptions> = {},
  list: LiveList = blockedLive,
) {
  const opts: LiveQueueOptions = { ...defaultLiveQueueOptions, ...options };
  const { store, logger } = rt.deps;
  const watchers = new Set<Watcher>();
  /** Watchers, counted from when they ask (before their first events are ready). */
  let active = 0;
  let term: Term | undefined;

  /** A closed store (the server is shutting down) takes no more work. */
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
  const claims = createClaimsPresence(rt, opts, { step, send, watched: () => watchers.size > 0 });
  const follower = createListFollower(rt, list, {
    send,
    left: (gone) => claims.released(gone.map((g) => g.messageId)),
  });
  const publisher = createListPublisher(rt, list, opts, {
    step,
    term: () => term,
    stored: (version, snapshot, t) => follower.apply(version, snapshot, () => t === term),
  });

  const start = (): Term => {
    const t: Term = { holder: randomUUID(), cancel: [], ready: Promise.resolve() };
    term = t;
    const current = () => t === term;
    // A tick that finds the previous one still waiting in line adds nothing to it.
    let leasing = false;
    let following = false;
    const leaseTick = () => {
      if (leasing) return;
      leasing = true;
      void step('lease not taken', () => {
        leasing = false;
        return current() ? publisher.lease(t) : Promise.resolve();
      });
    };
    const followTick = () => {
      if (following) return work;
      following = true;
      return step('shared state not read', async () => {
        following = false;
        if (current()) await follower.follow(current);
        if (current()) await claims.refresh();
      });
    };
    leaseTick();
    t.ready = followTick();
    t.cancel.push(
      opts.timers.every(opts.pollMs, leaseTick),
      opts.timers.every(opts.followMs, () => void followTick()),
      ...claims.timers(),
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
    publisher.stop(t);
    follower.reset();
    claims.reset();
  };

  return {
    list: list.name,
    options: opts,
    /**
     * Adds a watcher and sends it where things stand: the poller's state, the claims, and the list
     * unless `lastEventId` says it has this version already. Returns the function that removes it.
     */
    async watch(watcher: Watcher, lastEventId?: string, operator?: string): Promise<() => void> {
      if (operator) claims.opened(operator);
      active += 1;
      const t = term ?? start();
      // The first watcher waits for the shared state's first read (later ones find it done).
      await t.ready;
      watchers.add(watcher);
      watcher(follower.statusEvent());
      watcher(claims.event());
      const queue = follower.queueEventFor(lastEventId);
      if (queue) watcher(queue);
      let gone = false;
      return () => {
        if (gone) return;
        gone = true;
        watchers.delete(watcher);
        active -= 1;
        if (active === 0) stop();
        if (operator) claims.closed(operator);
      };
    },
    /** Claims changed through this server: push them now. */
    claimsChanged: () => step('claims not read', claims.refresh),
    get watching() {
      return watchers.size;
    },
    get polling() {
      return publisher.polling;
    },
    /** Stops watching here; resolves once the lease is given back (before the store closes). */
    close: () => {
      stop();
      return work;
    },
  };
}

export type LiveQueue = ReturnType<typeof createLiveQueue>;

/** Both review lists' live queues: one poller per list for every watcher and replica. */
export function createLiveQueues(rt: Runtime, options: Partial<LiveQueueOptions> = {}) {
  const queues = {
    blocked: createLiveQueue(rt, options, blockedLive),
    flagged: createLiveQueue(rt, options, flaggedLive),
  };
  const both = [queues.blocked, queues.flagged];
  return {
    ...queues,
    options: queues.blocked.options,
    /** Claims are on messages, shared by both lists: each list's watchers get them now. */
    claimsChanged: () => Promise.all(both.map((q) => q.claimsChanged())).then(() => undefined),
    /**
     * A completed decision or deletion ends the claim on its message (an answer observer); an
     * answer that decided nothing is passed over at once, without a promise.
     */
    observe(answer: UpstreamAnswer): Promise<void> | undefined {
      const decided = decidedBy(answer);
      if (!decided) return undefined;
      return (async () => {
        if (!(await releaseDecided(rt.deps.store, decided))) return;
        for (const q of both) if (q.watching > 0) await q.claimsChanged();
      })();
    },
    close: () => Promise.all(both.map((q) => q.close())).then(() => undefined),
  };
}

export type LiveQueues = ReturnType<typeof createLiveQueues>;
