import { randomUUID } from 'node:crypto';
import type { Runtime } from '../context';
import { activeClaims, purgeExpiredClaims, releaseDecided, releaseOperatorClaims } from './claims';
import type { LiveEvent, LiveQueueOptions, Step } from './live-options';
import { announceWatching, endWatching, watchedElsewhere } from './presence';

/** An announced stream lapses after this unless renewed (every third of it). */
const presenceMs = 15_000;
const noClaims = JSON.stringify({ claims: [] });

/**
 * Presence/claims of one list's watchers on this server. Claims are on messages, in the store every
 * replica and both lists share; this unit re-reads them and pushes them to its watchers when they
 * changed, announces whose streams it holds (presence.ts), and releases an operator's claims once
 * their last stream anywhere closed. Each list's unit announces under its own server id, so a
 * moderator who moves from one queue to the other keeps the claim the new page renews.
 */
export function createClaimsPresence(
  rt: Runtime,
  opts: Pick<LiveQueueOptions, 'releaseGraceMs' | 'heartbeatMs' | 'timers'>,
  deps: { step: Step; send: (event: LiveEvent) => void; watched: () => boolean },
) {
  const { store } = rt.deps;
  /** This list's watchers on this server, in the store's record of who watches where. */
  const server = randomUUID();
  const streamsOf = new Map<string, number>();
  let claims = noClaims;

  /** Re-reads the claims and pushes them when they changed. */
  const refresh = async () => {
    const data = JSON.stringify({ claims: await activeClaims(store, rt.now()) });
    if (data === claims) return;
    claims = data;
    deps.send({ event: 'claims', data });
  };

  const releaseIfGone = (operator: string) =>
    deps.step('claims not released', async () => {
      if (streamsOf.has(operator)) return;
      // Their browser may be watching through another replica (no sticky sessions) or list.
      if (await watchedElsewhere(store, server, operator, rt.now())) return;
      if ((await releaseOperatorClaims(store, operator)) && deps.watched()) await refresh();
    });

  return {
    refresh,
    event: (): LiveEvent => ({ event: 'claims', data: claims }),
    /** Items left the list: whoever claimed them, the claims end. */
    async released(messageIds: readonly string[]) {
      for (const id of messageIds) await releaseDecided(store, id);
      if (messageIds.length > 0) await refresh();
    },
    /** A stream of `operator` opened here. */
    opened(operator: string) {
      const streams = (streamsOf.get(operator) ?? 0) + 1;
      streamsOf.set(operator, streams);
      if (streams === 1)
        void deps.step('stream not announced', () =>
          announceWatching(store, server, [operator], rt.now(), presenceMs),
        );
    },
    /** A stream of `operator` closed here; their claims go after the grace unless they came back. */
    closed(operator: string) {
      const left = (streamsOf.get(operator) ?? 1) - 1;
      if (left > 0) {
        streamsOf.set(operator, left);
        return;
      }
      streamsOf.delete(operator);
      void deps.step('stream end not recorded', () => endWatching(store, server, operator));
      opts.timers.after(opts.releaseGraceMs, () => void releaseIfGone(operator));
    },
    /** The timers of a turn: renewing the announcements, purging expired claims, the heartbeat. */
    timers: (): (() => void)[] => [
      opts.timers.every(presenceMs / 3, () => {
        void deps.step('streams not announced', () =>
          announceWatching(store, server, streamsOf.keys(), rt.now(), presenceMs),
        );
      }),
      opts.timers.every(opts.heartbeatMs, () => {
        void deps.step('expired claims not purged', () => purgeExpiredClaims(store, rt.now()));
        deps.send({ event: 'heartbeat' });
      }),
    ],
    reset() {
      claims = noClaims;
    },
  };
}
