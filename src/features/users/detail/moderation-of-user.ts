import { blockedDecisionOf } from '@/api/blocked-messages';
import { flagDecisionOf, reportsOf } from '@/api/flagged-messages';
import type { BlockedMessageListResponse } from '@/api/schemas/blocked-message';
import type {
  FlaggedMessageListResponse,
  ReviewedMessageListResponse,
} from '@/api/schemas/flagged-message';
import type { MessageRow } from './message-rows';

const decisionWords = {
  approved: 'Approved (delivered)',
  rejected: 'Rejected (kept blocked)',
  disapproved: 'Blocked (hidden)',
} as const;

const reasonsOf = (flaggedBy: ReturnType<typeof reportsOf>) =>
  flaggedBy.map((r) => `${r.uid}: ${r.reasonName ?? r.reasonId ?? 'no reason'}`).join('; ');

/**
 * One user's part of the moderation lists the console reads (none of them takes a sender filter,
 * so each answer is filtered here): their blocked and flagged messages waiting, their decided ones,
 * and the flags they raised.
 */
export function moderationOfUser(
  uid: string,
  lists: {
    blocked: BlockedMessageListResponse;
    flagged: FlaggedMessageListResponse;
    reviewed: ReviewedMessageListResponse;
  },
) {
  const { blocked, flagged, reviewed } = lists;
  const blockedRows: MessageRow[] = blocked.data
    .filter((item) => item.message.sender === uid && blockedDecisionOf(item) === undefined)
    .map((item) => ({
      key: item.message.id,
      message: item.message,
      detail: item.ruleName ?? item.ruleId,
    }));
  const flaggedRows: MessageRow[] = flagged.data
    .filter((item) => item.sender === uid)
    .map((item) => ({ key: item.id, message: item, detail: reasonsOf(reportsOf(item)) }));
  const reviewedRows: MessageRow[] = [
    ...reviewed.data
      .filter((item) => item.message.sender === uid)
      .map((item) => {
        const decision = blockedDecisionOf(item);
        return {
          key: `blocked-${item.message.id}`,
          message: item.message,
          detail: `Blocked by a rule · ${decision ? decisionWords[decision] : 'decided'}`,
        };
      }),
    ...reviewed.flags
      .filter((item) => item.message.sender === uid)
      .map((item) => {
        const decision = flagDecisionOf(item);
        return {
          key: `flag-${item.message.id}`,
          message: item.message,
          detail: `Flagged · ${decision === 'approved' ? 'Approved (kept visible)' : decision ? decisionWords[decision] : 'decided'}`,
        };
      }),
  ];
  const raised = (flaggedBy: ReturnType<typeof reportsOf>) =>
    flaggedBy.filter((report) => report.uid === uid);
  const flagsRaisedRows: MessageRow[] = [
    ...flagged.data
      .filter((item) => raised(reportsOf(item)).length > 0)
      .map((item) => ({
        key: `pending-${item.id}`,
        message: item,
        detail: `Waiting · ${reasonsOf(raised(reportsOf(item)))}`,
      })),
    ...reviewed.flags
      .filter((item) => raised(item.flaggedBy).length > 0)
      .map((item) => ({
        key: `reviewed-${item.message.id}`,
        message: item.message,
        detail: `Decided · ${reasonsOf(raised(item.flaggedBy))}`,
      })),
  ];
  return { blockedRows, flaggedRows, reviewedRows, flagsRaisedRows };
}

/** What was read, for the section's note: one page of each list, with its size and limit. */
export function readSummary(lists: {
  blocked: BlockedMessageListResponse;
  flagged: FlaggedMessageListResponse;
  reviewed: ReviewedMessageListResponse;
}) {
  const part = (name: string, answer: { meta: { current: { limit: number; count: number } } }) =>
    `the ${name} list (${answer.meta.current.count} of at most ${answer.meta.current.limit})`;
  return `Read one page of each: ${part('blocked', lists.blocked)}, ${part('flagged', lists.flagged)}, ${part('reviewed', lists.reviewed)}. The service documents no sender filter and no paging for them, so items beyond one answer are not shown.`;
}
