import { z } from 'zod';
import { chatOperations, operationLabel } from '../../../src/api/contract/operations';
import { blockedMessageListResponseSchema } from '../../../src/api/schemas/blocked-message';
import type { GoneItem, PollerStatusEvent } from '../../../src/api/schemas/live-queue';
import { asDecision } from '../api/decision-record';
import { buildUpstreamRequest } from '../api/upstream-request';
import type { Runtime, UpstreamAnswer } from '../context';
import { rememberBlockedItems } from '../insights/moderation-items';
import { recordQueueSample } from '../insights/queue-samples';
import { activeClaims, purgeExpiredClaims, releaseDecided, releaseOperatorClaims } from './claims';
import { createQueuePoller } from './queue-poller';

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
}

export const defaultLiveQueueOptions: LiveQueueOptions = {
  pollMs: 10_000,
  claimMs: 5 * 60_000,
  heartbeatMs: 15_000,
  maxBackoffMs: 5 * 60_000,
  releaseGraceMs: 5_000,
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

const decisionRow = z.object({
  operator: z.string().nullable(),
  action: z.string(),
  status: z.string().nullable(),
});
/** A decision older than this is not why an item left the list now. */
const noteWindowMs = 24 * 60 * 60_000;

/** "Rejected by sam", from the console's audit trail, else "Decided outside the console". */
export function goneNote(rt: Runtime, messageId: string): string {
  const raw: unknown = rt.deps.store
    .statement(
      `SELECT operator, action, json_extract(targets, '$.status') AS status FROM audit
       WHERE action IN ('blocked.review', 'messages.delete') AND outcome IN ('ok', 'pending', 'unknown')
         AND at >= ? AND COALESCE(json_extract(targets, '$.messageId'), json_extract(targets, '$.id')) = ?
       ORDER BY at DESC, id DESC LIMIT 1`,
    )
    .get(rt.now() - noteWindowMs, messageId);
  if (raw === undefined) return 'Decided outside the console';
  const row = decisionRow.parse(raw);
  const by = row.operator ?? 'someone';
  if (row.action === 'messages.delete') return `Deleted by ${by}`;
  return asDecision(row.status) === 'approved' ? `Approved by ${by}` : `Rejected by ${by}`;
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

/**
 * The live queue of one console server: one poller of the service's blocked list for every watcher
 * (started by the first, stopped when the last leaves), the changes it sees, the claims, and the
 * poller's state, pushed to each watcher's event stream.
 */
export function createLiveQueue(rt: Runtime, options: Partial<LiveQueueOptions> = {}) {
  const opts: LiveQueueOptions = { ...defaultLiveQueueOptions, ...options };
  const { store } = rt.deps;
  const watchers = new Set<Watcher>();
  const streamsOf = new Map<string, number>();
  let version = 0;
  let queueData: string | undefined;
  let shownIds: Set<string> | undefined;
  let status: PollerStatusEvent = { state: 'starting' };
  let statusData = JSON.stringify(status);
  let claimsData = '';
  let ticker: ReturnType<typeof setInterval> | undefined;
  let closer: ReturnType<typeof setInterval> | undefined;

  const send = (event: LiveEvent) => {
    for (const watcher of watchers) watcher(event);
  };
  const claimsEvent = (): LiveEvent => ({ event: 'claims', data: claimsData });
  const statusEvent = (): LiveEvent => ({ event: 'status', data: statusData });

  /** Re-reads the claims (expiry, other replicas) and pushes them when they changed. */
  const refreshClaims = () => {
    const data = JSON.stringify({ claims: activeClaims(store, rt.now()) });
    if (data === claimsData) return;
    claimsData = data;
    send(claimsEvent());
  };

  const onList = (body: Uint8Array): boolean => {
    const read = pendingOf(body);
    if (!read) return false;
    const ids = new Set(read.pending.map((item) => item.message.id));
    const before = shownIds;
    const added = before ? [...ids].filter((id) => !before.has(id)) : [];
    const removed: GoneItem[] = before
      ? [...before]
          .filter((id) => !ids.has(id))
          .map((id) => ({ messageId: id, note: goneNote(rt, id) }))
      : [];
    shownIds = ids;
    const at = rt.now();
    if (queueData === undefined || added.length > 0 || removed.length > 0) {
      version += 1;
      queueData = JSON.stringify({ version, list: read.json, added, removed });
      send({ event: 'queue', id: String(version), data: queueData });
    }
    for (const gone of removed) releaseDecided(store, gone.messageId);
    refreshClaims();
    const sentAt = read.pending.map((item) => item.message.sentAt);
    try {
      // How many wait and since when, for the insights page (oldestSentAt in seconds, as sentAt).
      recordQueueSample(store, {
        at,
        size: read.pending.length,
        oldestSentAt: sentAt.length > 0 ? Math.min(...sentAt) : null,
      });
      // Each item's rule and sentAt, so a decision on it is counted under its rule.
      rememberBlockedItems(store, read.pending, at);
    } catch (error) {
      rt.deps.logger.error({ err: error }, 'live queue: queue sample not recorded');
    }
    return true;
  };

  const poller = createQueuePoller({
    intervalMs: opts.pollMs,
    maxBackoffMs: opts.maxBackoffMs,
    now: rt.now,
    onList,
    onStatus: (next) => {
      const data = JSON.stringify(next);
      // "live" repeats every poll; only a change of state is news.
      if (next.state === status.state && next.state === 'live') return;
      if (next.state === 'paused')
        rt.deps.logger.warn(
          { reason: next.reason, retryInSeconds: next.retryInSeconds },
          next.message,
        );
      status = next;
      statusData = data;
      send(statusEvent());
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

  const stop = () => {
    poller.stop();
    clearInterval(ticker);
    clearInterval(closer);
    ticker = undefined;
    closer = undefined;
    status = { state: 'starting' };
    statusData = JSON.stringify(status);
    // Nobody watched since: what was read last is stale. The next watcher waits for a fresh poll.
    queueData = undefined;
    shownIds = undefined;
  };

  return {
    options: opts,
    /**
     * Adds a watcher and sends it where things stand: the poller's state, the claims, and the list
     * unless `lastEventId` says it has this version already. Returns the function that removes it.
     */
    watch(watcher: Watcher, lastEventId?: string, operator?: string): () => void {
      watchers.add(watcher);
      if (operator) streamsOf.set(operator, (streamsOf.get(operator) ?? 0) + 1);
      if (claimsData === '') claimsData = JSON.stringify({ claims: activeClaims(store, rt.now()) });
      watcher(statusEvent());
      watcher(claimsEvent());
      if (queueData !== undefined && lastEventId !== String(version))
        watcher({ event: 'queue', id: String(version), data: queueData });
      if (watchers.size === 1) {
        poller.start();
        ticker = setInterval(() => {
          purgeExpiredClaims(store, rt.now());
          refreshClaims();
          send({ event: 'heartbeat' });
        }, opts.heartbeatMs);
        closer = setInterval(() => {
          if (rt.deps.isClosing?.())
            send({ event: 'end', data: JSON.stringify({ reason: 'closing' }) });
        }, 1000);
      }
      return () => {
        if (!watchers.delete(watcher)) return;
        if (watchers.size === 0) stop();
        if (!operator) return;
        const left = (streamsOf.get(operator) ?? 1) - 1;
        if (left > 0) {
          streamsOf.set(operator, left);
          return;
        }
        streamsOf.delete(operator);
        setTimeout(() => {
          if (streamsOf.has(operator)) return;
          if (releaseOperatorClaims(store, operator) && watchers.size > 0) refreshClaims();
        }, opts.releaseGraceMs).unref?.();
      };
    },
    /** Claims changed through this server: push them now. */
    claimsChanged: refreshClaims,
    /** A completed decision or deletion ends the claim on its message (an answer observer). */
    observe(answer: UpstreamAnswer) {
      if (answer.status < 200 || answer.status > 299) return;
      const decided =
        (review && answer.operation === operationLabel(review) && answer.params.messageId) ||
        (remove && answer.operation === operationLabel(remove) && answer.params.id);
      if (decided && releaseDecided(store, decided) && watchers.size > 0) refreshClaims();
    },
    get watching() {
      return watchers.size;
    },
    get polling() {
      return poller.running;
    },
    close: stop,
  };
}

export type LiveQueue = ReturnType<typeof createLiveQueue>;
