import { blockedDecisionOf, listReviewedMessages } from '@/api/blocked-messages';
import { ApiError } from '@/api/api-error';
import { getMessage } from '@/api/messages';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { ReviewKind } from '../review-request';

/** What a re-read found about an action whose answer never came. */
export type ReviewFinding =
  | { state: 'applied' }
  | { state: 'not-applied' }
  /** Approve or reject: the service holds the other decision. */
  | { state: 'decided-otherwise'; decision: 'approved' | 'rejected' };

const wanted = { approve: 'approved', reject: 'rejected' } as const;

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Reads the item again from the service: the message itself (`GET /messages/{id}`) and, for a
 * decision, the reviewed list, so an action that timed out is settled before anyone retries it.
 * Throws when the service cannot be read.
 */
export async function checkReview(
  kind: ReviewKind,
  item: BlockedMessage,
  permanent: boolean,
): Promise<ReviewFinding> {
  const id = item.message.id;
  if (kind === 'delete') {
    try {
      const message = await getMessage(id);
      return !permanent && message.deletedAt !== undefined
        ? { state: 'applied' }
        : { state: 'not-applied' };
    } catch (error) {
      if (isGone(error)) return { state: permanent ? 'applied' : 'not-applied' };
      throw error;
    }
  }
  const [message, reviewed] = await Promise.all([getMessage(id), listReviewedMessages()]);
  const listed = reviewed.data.find((entry) => entry.message.id === id);
  // The fresh message's own moderation status first; the reviewed list's item when it has none.
  const decision =
    blockedDecisionOf({ ...item, message, status: undefined }) ??
    (listed ? blockedDecisionOf(listed) : undefined);
  if (decision === undefined) return { state: 'not-applied' };
  return decision === wanted[kind]
    ? { state: 'applied' }
    : { state: 'decided-otherwise', decision };
}
