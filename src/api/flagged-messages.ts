import { explanationHeaders, type Explanation } from './explanation';
import { callOperation } from './operation';
import { encodeReasonHeader, type OnBehalfOf } from './reactions';
import {
  type FlaggedDecision,
  type FlaggedMessage,
  type FlagReporter,
} from './schemas/flagged-message';

/**
 * `GET /moderation/flagged-messages`: the flags waiting for a review, one item per message with every
 * report in `flaggedBy`. No query parameter is documented, so none is sent and there is no paging:
 * the answer holds up to `meta.current.limit` items.
 */
export const listFlaggedMessages = (signal?: AbortSignal) =>
  callOperation('flagged.list', {}, { signal });

export interface FlagReviewOptions {
  /** The moderation reason and note, for the console's audit trail only. */
  explanation?: Explanation | undefined;
  /**
   * Review again on purpose over a review someone else made; without it the console server refuses
   * with 409 `CONSOLE_ALREADY_DECIDED` naming who reviewed it and when.
   */
  override?: boolean;
}

const reviewFlaggedMessage = async (
  messageId: string,
  status: FlaggedDecision,
  options: FlagReviewOptions = {},
) =>
  (
    await callOperation(
      'flagged.review',
      { id: messageId },
      {
        body: { status },
        headers: {
          ...explanationHeaders(options.explanation),
          'x-console-override': options.override ? 'decided' : undefined,
        },
      },
    )
  )?.data;

/** Approve: the message stays visible; the flag moves to the reviewed list. */
export const approveFlaggedMessage = (messageId: string, options?: FlagReviewOptions) =>
  reviewFlaggedMessage(messageId, 'approved', options);

/** Block (the service's `disapproved`): the message is hidden; the flag moves to the reviewed list. */
export const blockFlaggedMessage = (messageId: string, options?: FlagReviewOptions) =>
  reviewFlaggedMessage(messageId, 'disapproved', options);

/**
 * `POST /messages/{id}/flagged` as `actor.uid` (header `onBehalfOf`), with a moderation reason's id
 * and the user's remark. The operator's reason goes to the audit trail only.
 */
export const flagMessage = async (
  messageId: string,
  report: { reasonId: string; remark?: string | undefined },
  actor: OnBehalfOf,
) =>
  (
    await callOperation(
      'messages.flag',
      { id: messageId },
      {
        body: report.remark?.trim()
          ? { reasonId: report.reasonId, remark: report.remark.trim() }
          : { reasonId: report.reasonId },
        headers: { onBehalfOf: actor.uid, 'x-console-reason': encodeReasonHeader(actor.reason) },
      },
    )
  )?.data;

/** The reports of a flagged item (none when only a rule flagged it). */
export const reportsOf = (item: Pick<FlaggedMessage, 'flaggedBy'>): readonly FlagReporter[] =>
  item.flaggedBy ?? [];

/** The rule that flagged the message, when a rule did. */
export const flaggingRuleOf = (item: Pick<FlaggedMessage, 'data'>) => item.data.moderation?.rule;

// The console server reads it too, without the SPA's transport.
export { flagDecisionOf } from './schemas/flagged-message';

/**
 * How many flagged messages wait, from the one documented list: the items it answered, `capped` when
 * the answer is full at its limit so more may wait beyond.
 */
export async function summarizePendingFlagged(signal?: AbortSignal) {
  const answer = await listFlaggedMessages(signal);
  const answered = answer.data.length + answer.unsupported.length;
  const flaggedAt = answer.data.flatMap((item) =>
    reportsOf(item).map((report) => report.flaggedAt ?? item.sentAt),
  );
  return {
    count: answer.data.length,
    reports: answer.data.reduce((sum, item) => sum + reportsOf(item).length, 0),
    capped: answered >= answer.meta.current.limit || answer.meta.next !== undefined,
    limit: answer.meta.current.limit,
    unreadable: answer.unsupported.length,
    oldestFlaggedAt: flaggedAt.length > 0 ? Math.min(...flaggedAt) : undefined,
  };
}
