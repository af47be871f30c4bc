import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { useState } from 'react';
import { approveBlockedMessage, rejectBlockedMessage } from '@/api/blocked-messages';
import { newIdempotencyKey } from '@/api/http';
import type { Explanation } from '@/api/explanation';
import { deleteMessage } from '@/api/messages';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { messageQueries } from '@/api/queries/messages';
import { itemId } from './item-info';
import type { ItemResult, ReviewKind, ReviewRequest } from './review-request';
import { decideEach } from './review/decide-each';
import { settledIds } from './queue/decided-elsewhere';

function callFor(
  kind: ReviewKind,
  id: string,
  permanent: boolean,
  override: boolean,
  explanation: Explanation | undefined,
): () => Promise<unknown> {
  // One key per write of this decision, kept for its retry: a retry the service already applied
  // gets the first answer back instead of a second write.
  const review = { override, explanation, idempotencyKey: newIdempotencyKey() };
  const removal = { permanent, explanation, idempotencyKey: newIdempotencyKey() };
  if (kind === 'approve') return () => approveBlockedMessage(id, review);
  if (kind === 'reject') return () => rejectBlockedMessage(id, review);
  if (permanent) return () => deleteMessage(id, removal);
  // A soft-deleted message stays in the service's pending list, so it is also rejected (kept blocked,
  // marked reviewed). Both steps can be repeated safely, which makes a retry after a failure harmless.
  return async () => {
    await deleteMessage(id, removal);
    await rejectBlockedMessage(id, review);
  };
}

/** Runs the action on every item, a few at a time; never throws, every item gets its own result. */
export function reviewAll(request: ReviewRequest): Promise<ItemResult[]> {
  const overridden = (id: string) =>
    request.override === true || (typeof request.override === 'object' && request.override.has(id));
  return decideEach(request.items, itemId, (item) =>
    callFor(
      request.kind,
      item.message.id,
      request.permanent === true,
      overridden(item.message.id),
      request.explanation,
    ),
  );
}

const withIds = (set: ReadonlySet<string>, ids: readonly string[], present: boolean) => {
  const next = new Set(set);
  for (const id of ids) {
    if (present) next.add(id);
    else next.delete(id);
  }
  return next;
};

/**
 * Approve, reject and delete with optimistic removal: an item leaves the queue (`hidden`) as soon as its
 * action starts and comes back in its place if the action failed or its outcome is unknown (until a
 * check finds it decided, see `settle`). The shown list itself is left alone,
 * so nothing shifts; decided items drop out of it on the next "show new". Queries elsewhere (home's
 * count, history, message details) are marked stale; the audit trail refreshes after every mutation
 * (query-client.ts).
 */
export function useReviewQueue() {
  const client = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const mutation = useSingleMutation({
    mutationFn: reviewAll,
    onMutate: (request) =>
      setHidden((set) =>
        withIds(
          set,
          request.items.map((i) => i.message.id),
          true,
        ),
      ),
    onSuccess: async (results, request) => {
      // Refused because someone else had decided it the same way: done, so it stays out of the queue.
      const settled = settledIds(request.kind, results);
      const failed = results
        .filter((r) => !r.ok && !settled.has(r.item.message.id))
        .map((r) => r.item.message.id);
      setHidden((set) => withIds(set, failed, false));
      await Promise.all([
        client.invalidateQueries({ queryKey: blockedMessageQueries.all(), refetchType: 'none' }),
        client.invalidateQueries({ queryKey: messageQueries.all(), refetchType: 'none' }),
      ]);
    },
  });
  /** Items a check found decided after all leave the queue like a successful action. */
  const settle = (ids: readonly string[]) => setHidden((set) => withIds(set, ids, true));
  return { hidden, review: mutation.mutateAsync, settle, pending: mutation.isPending };
}
