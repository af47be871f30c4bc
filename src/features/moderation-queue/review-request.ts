import type { Explanation } from '@/api/explanation';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { ItemOutcome } from './review/bulk-results';

/** What a moderator does to blocked items: approve them, reject them, or delete their messages. */
export type ReviewKind = 'approve' | 'reject' | 'delete';

export interface ReviewRequest {
  kind: ReviewKind;
  items: readonly BlockedMessage[];
  /** Delete only: remove the message for good instead of marking it deleted. */
  permanent?: boolean;
  /**
   * Decide over someone else's decision on purpose (after the moderator confirmed it): on every item,
   * or on the items whose ids are given.
   */
  override?: boolean | ReadonlySet<string>;
  /** The moderation reason and note, kept by the console on each call's audit row. */
  explanation?: Explanation | undefined;
}

/** `uncertain`: the call was sent but its answer never came, so the service may have applied it. */
export type ItemResult = ItemOutcome<BlockedMessage>;
