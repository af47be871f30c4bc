import { flaggedEventsUrl } from '@/api/live-queue';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import { flaggedMessageListResponseSchema } from '@/api/schemas/flagged-message';
import type { Notify } from '@/components/notifier';
import { readListEvent } from '../queue/live-events';
import { useClaim } from '../queue/use-claim';
import { useLiveQueue, type LiveFeed } from '../queue/use-live-queue';
import { useQueueClaims } from '../queue/use-queue-claims';

/** The flagged list's stream: each poll of the console server goes into the flagged list's query. */
const flaggedFeed: LiveFeed = {
  url: flaggedEventsUrl,
  put: (queryClient, data) => {
    const read = readListEvent(data, flaggedMessageListResponseSchema);
    if (read) queryClient.setQueryData(flaggedMessageQueries.list().queryKey, read.list);
    return read?.removed;
  },
};

/**
 * The flagged queue, live, with the blocked queue's mechanism (decision 0035): the console server's
 * one poller of the flagged list feeds the list query; `poll` is false while it does.
 */
export function useFlaggedLive() {
  const live = useLiveQueue(flaggedFeed);
  return { ...live, poll: live.connection !== 'live' };
}

/**
 * Who reviews what on the flagged queue: others' claims, and the item under the cursor claimed while
 * the moderator stays on it (when they may review), as on the blocked queue.
 */
export function useFlaggedClaims(options: {
  poll: boolean;
  activeId: string | undefined;
  mayClaim: boolean;
  listReady: boolean;
  notify: Notify;
}) {
  const claims = useQueueClaims(options.poll, options.listReady, options.notify);
  const reviewer = options.activeId ? claims.reviewers.get(options.activeId) : undefined;
  // Claimed once nobody else holds it (again when their claim ends).
  const claim = useClaim(
    reviewer ? undefined : options.activeId,
    options.mayClaim,
    claims.claimSeconds,
  );
  return { ...claims, reviewer, retake: claim.retake };
}
