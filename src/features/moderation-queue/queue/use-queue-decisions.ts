import { useState } from 'react';
import type { Explanation } from '@/api/explanation';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { useNotify } from '@/components/notifier';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { itemId, shortName } from '../item-info';
import type { ItemResult, ReviewKind } from '../review-request';
import { decidedElsewhereText } from '../review/use-leaving-items';
import type { ReviewDialogRequest } from './review-dialog';
import { reportSingle } from './review-feedback';
import type { QueueItems } from './use-queue-items';

export interface QueuePermissions {
  /** Approve and reject; otherwise the reason why not. */
  review: true | string;
  delete: true | string;
  deletePermanently: boolean;
}

/** One decision as the moderator took it: what, on which items, and how. */
export interface Decision {
  kind: ReviewKind;
  items: readonly BlockedMessage[];
  /** Taken on a selection: the results show as a list, not a toast. */
  bulk: boolean;
  /** Delete only: remove the message for good. */
  permanent?: boolean;
  /** Decide over someone else's decision: on every item, or on those whose ids are given. */
  override?: boolean | ReadonlySet<string>;
  explanation?: Explanation | undefined;
}

export type QueueDialog =
  { kind: 'review'; request: ReviewDialogRequest; bulk: boolean } | { kind: 'shortcuts' } | null;

export interface BulkOutcome {
  kind: ReviewKind;
  results: ItemResult[];
  permanent: boolean;
}

type Notify = ReturnType<typeof useNotify>;

/**
 * The blocked queue's decisions: what a key or button acts on, the dialog that asks first, and the
 * run itself, one at a time. Single results are a toast; bulk results a list, with what surely
 * failed selected again for a retry.
 */
export function useQueueDecisions({
  queue,
  permissions,
  notify,
  setDialog,
}: {
  queue: QueueItems;
  permissions: QueuePermissions;
  notify: Notify;
  setDialog: (dialog: QueueDialog) => void;
}) {
  const { cursor, claims, decided, actionable } = queue;
  const { review, settle } = queue.reviewQueue;
  const [bulk, setBulk] = useState<BulkOutcome | null>(null);
  const denied: Record<ReviewKind, string | undefined> = {
    approve: permissions.review === true ? undefined : permissions.review,
    reject: permissions.review === true ? undefined : permissions.review,
    delete: permissions.delete === true ? undefined : permissions.delete,
  };
  const asBulk = cursor.selected.length > 0;
  const selectedTargets = cursor.selected.filter(actionable);
  const targets = (): BlockedMessage[] =>
    asBulk ? selectedTargets : cursor.active && actionable(cursor.active) ? [cursor.active] : [];
  const notifyGone = (item: BlockedMessage) =>
    notify(decidedElsewhereText(shortName(item)), 'info');

  // One decision at a time: the cursor moves on as it starts, so a second click or key press of the
  // same gesture would otherwise decide the next item.
  const deciding = useSingleFlight();
  const run = (decision: Decision) =>
    deciding.run(async () => {
      const { kind, items, permanent = false, override = false, explanation } = decision;
      cursor.stepAway(new Set(items.map(itemId)), new Set(claims.reviewers.keys()));
      const results = await review({ kind, items, permanent, override, explanation });
      // Decisions someone else took show beside their items (see useConflicts), not as failures.
      const rest = decided.take(kind, results);
      if (!decision.bulk) {
        reportSingle(notify, kind, rest, permanent, settle);
        return;
      }
      setBulk({ kind, results, permanent });
      // Only what surely failed is selected for a retry; an unknown outcome is checked first.
      cursor.setChecked(results.filter((r) => !r.ok && !r.uncertain).map((r) => itemId(r.item)));
    });

  /** `withNote`: a single reject too goes through the dialog, for a reason or a note. */
  const act = (kind: ReviewKind, withNote = false) => {
    if (deciding.isRunning()) return;
    const reason = denied[kind];
    if (reason) {
      notify(`The queue is read-only for you. ${reason}`, 'info');
      return;
    }
    const items = targets();
    if (items.length === 0) {
      if (!asBulk && cursor.active) notifyGone(cursor.active);
      return;
    }
    if (kind === 'reject' && !asBulk && !withNote) void run({ kind, items, bulk: false });
    else setDialog({ kind: 'review', request: { kind, items }, bulk: asBulk });
  };

  return {
    bulk,
    setBulk,
    denied,
    asBulk,
    selectedTargets,
    targets,
    notifyGone,
    running: deciding.running,
    run,
    act,
  };
}

export type QueueDecisions = ReturnType<typeof useQueueDecisions>;
