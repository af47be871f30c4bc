import { explanationHeaders, type Explanation } from './explanation';
import { callOperation } from './operation';
import { type BlockedMessage, type ReviewBlockedMessageBody } from './schemas/blocked-message';

/**
 * `GET /moderation/blocked-messages`: the service documents no query parameter, so none is sent. It
 * answers the undecided items, newest first, up to `meta.current.limit` of them.
 */
export const listBlockedMessages = (signal?: AbortSignal) =>
  callOperation('blocked.list', {}, { signal });

/**
 * `GET /moderation/reviewed-messages`: the decided items, newest decision first; no documented query
 * parameter either. Decided blocked messages are in `data`, decided flags in `flags`.
 */
export const listReviewedMessages = (signal?: AbortSignal) =>
  callOperation('reviewed.list', {}, { signal });

/**
 * `override`: decide again on purpose over a decision someone else took; without it the console
 * server answers 409 `CONSOLE_ALREADY_DECIDED` (details `status`, `by`, `at`) for such an item.
 */
export interface ReviewOptions {
  override?: boolean;
  /** The moderation reason and note, for the console's audit trail only. */
  explanation?: Explanation | undefined;
  /** The same key for a retry of the same decision (see request). */
  idempotencyKey?: string | undefined;
}

const reviewBlockedMessage = async (
  messageId: string,
  body: ReviewBlockedMessageBody,
  options: ReviewOptions = {},
) =>
  (
    await callOperation(
      'blocked.review',
      { messageId },
      {
        body,
        idempotencyKey: options.idempotencyKey,
        headers: {
          'x-console-override': options.override ? 'decided' : undefined,
          ...explanationHeaders(options.explanation),
        },
      },
    )
  )?.data;

/** Unblocks the message: the service delivers it to its receiver now. */
export const approveBlockedMessage = (messageId: string, options?: ReviewOptions) =>
  reviewBlockedMessage(messageId, { status: 'approved' }, options);

/** Keeps the message blocked and marks it reviewed. */
export const rejectBlockedMessage = (messageId: string, options?: ReviewOptions) =>
  reviewBlockedMessage(messageId, { status: 'rejected', reviewed: true }, options);

/** What was decided about a blocked message; `approved` delivered it, `rejected` keeps it blocked. */
export type BlockedDecision = 'approved' | 'rejected';

// `disapproved` is what the service writes on the message; `rejected` is what a review request and an
// item's own `status` say.
const decisions = new Map<string, BlockedDecision>([
  ['approved', 'approved'],
  ['disapproved', 'rejected'],
  ['rejected', 'rejected'],
]);

/**
 * What the service says was decided for an item: the message's `data.moderation.status` first, else
 * the item's own `status` when the answer carries one. `undefined`: still pending.
 */
export function blockedDecisionOf(
  item: Pick<BlockedMessage, 'message' | 'status'>,
): BlockedDecision | undefined {
  const moderation = item.message.data.moderation?.status;
  const fromMessage = moderation === undefined ? undefined : decisions.get(moderation);
  return fromMessage ?? (item.status === undefined ? undefined : decisions.get(item.status));
}

export const isPendingBlocked = (item: BlockedMessage) => blockedDecisionOf(item) === undefined;

/**
 * How many blocked messages wait, from the one documented list (no parameters, no paging): the
 * pending items it answered, `capped` when the answer is full at its limit so more may wait beyond.
 */
export async function summarizePendingBlocked(signal?: AbortSignal) {
  const answer = await listBlockedMessages(signal);
  const pending = answer.data.filter(isPendingBlocked);
  const answered = answer.data.length + answer.unsupported.length;
  const blockedAt = pending.map((item) => item.createdAt ?? item.message.sentAt);
  return {
    count: pending.length,
    capped: answered >= answer.meta.current.limit || answer.meta.next !== undefined,
    limit: answer.meta.current.limit,
    unreadable: answer.unsupported.length,
    oldestBlockedAt: blockedAt.length > 0 ? Math.min(...blockedAt) : undefined,
  };
}
