import type { Runtime } from '../context';
import { buildUpstreamRequest } from '../api/upstream-request';
import { releaseLease, takeLease } from './lease';
import type { ListRead, LiveList } from './live-lists';
import type { LiveQueueOptions, Step, Term } from './live-options';
import { createQueuePoller, type PollerStatus } from './queue-poller';
import { writeQueueSnapshot, type QueueSnapshot } from './queue-snapshot';

/**
 * The poller's own name at the upstream gate: not an operator's (usernames start with a letter), so
 * its turn never takes one of theirs.
 */
export const pollerIdentity = '(live queue)';

/** What the lease holder stored last of its list. */
interface Published {
  held: boolean;
  list: { ids: readonly string[]; json: unknown } | undefined;
  status: PollerStatus | undefined;
}
const unpublished = (): Published => ({ held: false, list: undefined, status: undefined });

/** The same ids, in any order: for the watchers the list has not changed. */
const sameIds = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
};

const bodyJson = (body: Uint8Array): unknown => {
  try {
    return JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Lease/publish for one list: every poll interval the server takes or renews the list's lease; the
 * holder alone reads the service (one read per interval for every replica and watcher) and, when the
 * pending ids or its poller's state change, stores both as a new snapshot version; after each good
 * read it records what the insights keep. Alone on its store, a server always wins the lease.
 */
export function createListPublisher(
  rt: Runtime,
  list: LiveList,
  opts: Pick<LiveQueueOptions, 'pollMs' | 'maxBackoffMs' | 'timers'>,
  deps: {
    step: Step;
    /** The turn now running, if any. */
    term: () => Term | undefined;
    /** This server's watchers see what it stored at once (the others within `followMs`). */
    stored: (version: number, snapshot: QueueSnapshot, t: Term) => Promise<void>;
  },
) {
  const { store, logger } = rt.deps;
  /** A holder that stops renewing (a crash) hands over after three missed polls. */
  const leaseMs = 3 * opts.pollMs;
  let published = unpublished();

  const publish = async (t: Term, poll: { list: ListRead | undefined; status: PollerStatus }) => {
    if (t !== deps.term() || !published.held) return;
    const at = rt.now();
    const ids = poll.list?.pending.map((item) => item.id);
    const before = published;
    const listChanged = ids !== undefined && (!before.list || !sameIds(before.list.ids, ids));
    // "live" repeats every poll; only a change of state is news (each pause is: its wait changes).
    const statusNews = !(poll.status.state === 'live' && before.status?.state === 'live');
    if (listChanged || statusNews) {
      const shown = poll.list && ids && listChanged ? { ids, json: poll.list.json } : before.list;
      const snapshot: QueueSnapshot = {
        holder: t.holder,
        list: shown?.json ?? null,
        ids: shown ? [...shown.ids] : null,
        status: poll.status,
      };
      if (poll.status.state === 'paused')
        logger.warn(
          { list: list.name, reason: poll.status.reason, retryIn: poll.status.retryInSeconds },
          poll.status.message,
        );
      const version = await writeQueueSnapshot(store, list, at, snapshot);
      published = { held: true, list: shown, status: poll.status };
      if (t === deps.term()) await deps.stored(version, snapshot, t);
    }
    try {
      await poll.list?.record?.(store, at);
    } catch (error) {
      logger.error({ err: error }, 'live queue: queue sample not recorded');
    }
  };

  const poller = createQueuePoller({
    intervalMs: opts.pollMs,
    maxBackoffMs: opts.maxBackoffMs,
    now: rt.now,
    timers: opts.timers,
    parse: (body) => list.parse(bodyJson(body)),
    onPoll: (poll) => {
      const t = deps.term();
      if (t) void deps.step('poll not stored', () => publish(t, poll));
    },
    read: (signal) => {
      const req = buildUpstreamRequest({
        baseUrl: rt.deps.upstream.baseUrl,
        apiKey: rt.deps.upstream.apiKey,
        op: list.operation,
        segments: [...list.segments],
        query: [],
        onBehalfOf: undefined,
        body: undefined,
        signal,
      });
      return rt.gate.run(pollerIdentity, signal, () => rt.forward(req));
    },
  });

  return {
    /** Takes or renews the lease: the holder polls, any other server does not. */
    async lease(t: Term) {
      let won = false;
      try {
        won = await takeLease(store, {
          name: list.lease,
          holder: t.holder,
          now: rt.now(),
          ms: leaseMs,
        });
      } catch (error) {
        // Not knowing whether it still holds the lease, it stops rather than risk two pollers.
        logger.error({ err: error }, 'live queue: lease not taken or renewed');
      }
      // Stopped meanwhile: the release is the next step.
      if (t !== deps.term() || won === published.held) return;
      if (won) {
        published = { ...unpublished(), held: true };
        logger.info(
          { list: list.name },
          'live queue: this console server polls the service for every replica',
        );
        poller.start();
      } else {
        published = unpublished();
        poller.stop();
      }
    },
    /**
     * Stops polling and gives the lease back, so another replica with watchers takes over at its
     * next try. Also when it did not hold it: a lease step still in line may win it before this runs.
     */
    stop(t: Term) {
      poller.stop();
      published = unpublished();
      void deps.step('lease not given back', () => releaseLease(store, list.lease, t.holder));
    },
    get polling() {
      return poller.running;
    },
  };
}
