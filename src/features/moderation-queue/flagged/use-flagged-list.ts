import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import type { Notify } from '@/components/notifier';
import { useKeptItems } from '../review/use-kept-items';
import { useLeavingItems } from '../review/use-leaving-items';
import { useListCursor } from '../review/use-list-cursor';
import { flagName } from './flag-review-dialog';
import { useFlagConflicts } from './use-flag-conflicts';
import { flagId, useFlagReview } from './use-flag-review';
import { useFlaggedClaims, useFlaggedLive } from './use-flagged-live';

const none: ReadonlySet<string> = new Set();

/**
 * What the flagged list shows and where the cursor is, wired to the live stream as the blocked
 * queue is: the service's list (live or polled), the reviews sent from here and their conflicts,
 * the claims, and items decided elsewhere (the one under the cursor stays, marked, until the
 * moderator moves on; the others leave at once, said in words).
 */
export function useFlaggedList(mayReview: boolean, notify: Notify) {
  const live = useFlaggedLive();
  const list = useQuery(flaggedMessageQueries.list({ poll: live.poll }));
  const reviews = useFlagReview();
  const { busy, done } = reviews;
  const conflicts = useFlagConflicts(notify);
  const kept = useKeptItems(list.data?.data, flagId);
  const { shown, gone } = kept;
  const visible = useMemo(
    () => shown.filter((item) => !done.has(item.id) && !conflicts.kept.has(item.id)),
    [shown, done, conflicts.kept],
  );
  const cursor = useListCursor(visible, flagId);
  const actionable = (item: FlaggedMessage) => !gone.has(item.id);
  const open = cursor.active && actionable(cursor.active) ? cursor.active : undefined;
  const claims = useFlaggedClaims({
    poll: live.poll,
    activeId: open?.id,
    mayClaim: mayReview,
    listReady: list.isSuccess,
    notify,
  });
  const hidden = useMemo(
    () => new Set([...busy, ...done, ...conflicts.kept]),
    [busy, done, conflicts.kept],
  );
  const conflictId = conflicts.current?.item.id;
  const held = useMemo(() => (conflictId ? new Set([conflictId]) : none), [conflictId]);
  useLeavingItems({
    shown,
    gone,
    hidden,
    held,
    activeId: cursor.activeId,
    notes: live.notes,
    drop: kept.drop,
    notify,
    idOf: flagId,
    nameOf: flagName,
  });
  return { live, list, reviews, conflicts, visible, gone, cursor, claims, actionable };
}

export type FlaggedList = ReturnType<typeof useFlaggedList>;
