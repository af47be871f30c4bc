import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { useNotify } from '@/components/notifier';
import { filterErrors, hasFilterErrors } from '@/utils/filter-rules';
import { itemId, shortName } from '../item-info';
import { useReviewQueue } from '../mutations';
import { useLeavingItems } from '../review/use-leaving-items';
import { useListCursor } from '../review/use-list-cursor';
import { matchesFilters, queueFilterRules, type QueueFilters } from './filters';
import { useClaim } from './use-claim';
import { useConflicts } from './use-conflicts';
import { useLiveQueue } from './use-live-queue';
import { useQueueClaims } from './use-queue-claims';
import { useShownItems } from './use-shown-items';

type Notify = ReturnType<typeof useNotify>;

/**
 * What the blocked queue shows and where the cursor is: the service's list (live or polled), the
 * claims, the items decided here or elsewhere, the filters applied. `reviewing`: the items of an
 * open decision dialog, which stay while it is open.
 */
export function useQueueItems(
  filters: QueueFilters,
  reviewing: readonly BlockedMessage[],
  mayReview: boolean,
  notify: Notify,
) {
  const liveQueue = useLiveQueue();
  const live = liveQueue.connection === 'live';
  const list = useQuery(blockedMessageQueries.list({ poll: !live }));
  const claims = useQueueClaims(!live, list.isSuccess, notify);
  const shownItems = useShownItems(list.data, list.isFetchedAfterMount);
  const { shown, gone } = shownItems;
  const reviewQueue = useReviewQueue();
  const { hidden } = reviewQueue;
  const decided = useConflicts(notify, reviewQueue.settle);
  const loaded = useMemo(() => shown.filter((item) => !hidden.has(itemId(item))), [shown, hidden]);
  // A refusal is shown until the moderator answers it, whatever the list learns meanwhile.
  const conflicts = decided.conflicts.filter((c) => !hidden.has(itemId(c.item)));
  // A filter that cannot be used shows nothing, never the whole queue as if it were filtered.
  const filtersInvalid = hasFilterErrors(filterErrors(queueFilterRules, filters));
  const visible = useMemo(
    () => (filtersInvalid ? [] : loaded.filter((item) => matchesFilters(item, filters))),
    [loaded, filters, filtersInvalid],
  );
  const cursor = useListCursor(visible, itemId);
  useLeavingItems({
    shown,
    gone,
    hidden,
    held: new Set([...conflicts.map((c) => itemId(c.item)), ...reviewing.map(itemId)]),
    activeId: cursor.activeId,
    notes: liveQueue.notes,
    drop: shownItems.drop,
    notify,
    idOf: itemId,
    nameOf: shortName,
  });
  const actionable = (item: BlockedMessage) => !gone.has(itemId(item));
  const { active } = cursor;
  const reviewer = active ? claims.reviewers.get(itemId(active)) : undefined;
  // Claimed once nobody else holds it (again when their claim ends).
  const activeFree = active && actionable(active) && !reviewer ? itemId(active) : undefined;
  const claim = useClaim(activeFree, mayReview, claims.claimSeconds);
  return {
    liveQueue,
    list,
    claims,
    shownItems,
    reviewQueue,
    decided,
    loaded,
    conflicts,
    filtersInvalid,
    visible,
    cursor,
    /** Someone else reviews the active item, which is still to decide: who. */
    othersClaim: reviewer && active && actionable(active) ? { reviewer, item: active } : undefined,
    claim,
    // An item decided elsewhere under the cursor stays, marked, until the moderator moves on; nothing
    // acts on it. The others leave at once (useLeavingItems).
    actionable,
  };
}

export type QueueItems = ReturnType<typeof useQueueItems>;
