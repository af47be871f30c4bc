import { isPendingBlocked } from '@/api/blocked-messages';
import type { BlockedMessage, BlockedMessageListResponse } from '@/api/schemas/blocked-message';
import type { UnsupportedItem } from '@/api/schemas/common';
import { itemId } from '../item-info';

/** One answer of the blocked list, read for the queue. */
export interface QueueAnswer {
  /** The undecided items, in the service's order (newest first). */
  pending: BlockedMessage[];
  /** Items the answer lists but already marks as decided. */
  decidedIds: ReadonlySet<string>;
  unsupported: UnsupportedItem[];
  /** How many items the service answered, readable or not. */
  answered: number;
  /** The most the service lists at once (`meta.current.limit`). */
  limit: number;
  /** The answer is at its limit (or names a next page): more may wait beyond it. */
  full: boolean;
  /** The oldest item the answer reaches. */
  last: BlockedMessage | undefined;
}

export function readAnswer(response: BlockedMessageListResponse): QueueAnswer {
  const answered = response.data.length + response.unsupported.length;
  const limit = response.meta.current.limit;
  return {
    pending: response.data.filter(isPendingBlocked),
    decidedIds: new Set(response.data.filter((item) => !isPendingBlocked(item)).map(itemId)),
    unsupported: response.unsupported,
    answered,
    limit,
    full: answered >= limit || response.meta.next !== undefined,
    last: response.data.at(-1),
  };
}

// Message ids grow with time, and a message is blocked when it is sent, so the id orders the list.
const rank = (item: BlockedMessage) => {
  const id = Number(item.message.id);
  return Number.isFinite(id) ? id : (item.createdAt ?? item.message.sentAt);
};

/**
 * Compares what the queue shows with a newer answer. `fresh`: pending items it lists that are not
 * shown yet. `gone`: shown items it marks decided, or leaves out although they are newer than the
 * oldest item it reaches (an item older than that may only have been pushed past a full answer's
 * limit by newer ones: it stays, unmarked).
 */
export function compareWithAnswer(shown: readonly BlockedMessage[], answer: QueueAnswer) {
  const shownIds = new Set(shown.map(itemId));
  const listed = new Set(answer.pending.map(itemId));
  const beyond = (item: BlockedMessage) =>
    answer.full && (answer.last === undefined || rank(item) < rank(answer.last));
  const fresh = answer.pending.filter((item) => !shownIds.has(itemId(item)));
  const gone = new Set(
    shown
      .filter(
        (item) =>
          answer.decidedIds.has(itemId(item)) || (!listed.has(itemId(item)) && !beyond(item)),
      )
      .map(itemId),
  );
  return { fresh, gone };
}

/** What "show new" shows: the answer's pending items, then shown ones past its limit that are not gone. */
export function showNew(
  shown: readonly BlockedMessage[],
  answer: QueueAnswer,
  gone: ReadonlySet<string>,
): BlockedMessage[] {
  const listed = new Set(answer.pending.map(itemId));
  return [
    ...answer.pending,
    ...shown.filter((item) => !listed.has(itemId(item)) && !gone.has(itemId(item))),
  ];
}
