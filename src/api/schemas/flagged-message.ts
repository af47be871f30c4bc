import { z } from '../zod';
import {
  cursorListEnvelope,
  cursorMetaSchema,
  lenientItems,
  optional,
  successResponseSchema,
  timestampSchema,
} from './common';
import { blockedMessageSchema, type BlockedMessage } from './blocked-message';
import { messageSchema } from './message';

/**
 * One report of a flagged message: who flagged it (a user record's fields) and why, the reason's
 * id, name and description as the reasons list names them, and the reporter's remark.
 */
export const flagReporterSchema = z.looseObject({
  uid: z.string(),
  name: optional(z.string()),
  avatar: optional(z.string()),
  role: optional(z.string()),
  reasonId: optional(z.string()),
  reasonName: optional(z.string()),
  description: optional(z.string()),
  remark: optional(z.string()),
  /** When this report was made, where the answer says it (the emulator does). */
  flaggedAt: optional(timestampSchema),
});
export type FlagReporter = z.infer<typeof flagReporterSchema>;

/**
 * An item of `GET /moderation/flagged-messages`: the message's own fields with `flaggedBy`, every
 * report (several reporters of one message are one item). A rule's flag names the rule in
 * `data.moderation.rule`; a message only a rule flagged has no reporter.
 */
export const flaggedMessageSchema = messageSchema.extend({
  appId: optional(z.string()),
  flaggedBy: optional(z.array(flagReporterSchema)),
});
export type FlaggedMessage = z.infer<typeof flaggedMessageSchema>;

export const flaggedMessageListResponseSchema = cursorListEnvelope(flaggedMessageSchema);
export type FlaggedMessageListResponse = z.infer<typeof flaggedMessageListResponseSchema>;

/** `approved` keeps the message visible; `disapproved` (the dashboard's "Block") hides it. */
export const flaggedDecisionValues = ['approved', 'disapproved'] as const;
export type FlaggedDecision = (typeof flaggedDecisionValues)[number];
export const reviewFlaggedMessageBodySchema = z.strictObject({
  status: z.enum(flaggedDecisionValues, { error: 'The status must be approved or disapproved.' }),
});
export type ReviewFlaggedMessageBody = z.infer<typeof reviewFlaggedMessageBodySchema>;
/** Documented without a `data` wrapper (`{ success, message }`); read either way into `{ data }`. */
export const reviewFlaggedMessageResponseSchema = successResponseSchema;

/** `POST /messages/{id}/flagged` on behalf of a user: the reason's id and the user's remark. */
export const flagMessageBodySchema = z.strictObject({
  reasonId: z
    .string()
    .trim()
    .min(1, { error: 'The reasonId is required.' })
    .max(100, { error: 'The reasonId must be at most 100 characters.' }),
  remark: z.string().max(1000, { error: 'The remark must be at most 1000 characters.' }).optional(),
});
export type FlagMessageBody = z.infer<typeof flagMessageBodySchema>;
/** Documented as `{ "data": {} }`; the SDKs quote `{ success, message }`: both read. */
export const flagMessageResponseSchema = successResponseSchema;

/**
 * A reviewed flag in `GET /moderation/reviewed-messages`: the reviewed item's shape (the message with
 * its decision in `data.moderation.status`) with the reports in `flaggedBy`, and the rule only when
 * a rule flagged it.
 */
export const reviewedFlagSchema = blockedMessageSchema.extend({
  ruleId: optional(z.string()),
  flaggedBy: z.array(flagReporterSchema),
});
export type ReviewedFlag = z.infer<typeof reviewedFlagSchema>;

const reviewedItemSchema = z.union([reviewedFlagSchema, blockedMessageSchema]);
const isReviewedFlag = (item: z.infer<typeof reviewedItemSchema>): item is ReviewedFlag =>
  Array.isArray((item as { flaggedBy?: unknown }).flaggedBy);

/**
 * `GET /moderation/reviewed-messages`: decided blocked messages in `data` (as before) and decided
 * flags in `flags`, items read one by one (an unreadable one is an `unsupported` row).
 */
export const reviewedMessageListResponseSchema = z
  .object({ data: lenientItems(reviewedItemSchema), meta: cursorMetaSchema })
  .transform(({ data, meta }) => ({
    data: data.data.filter((item): item is BlockedMessage => !isReviewedFlag(item)),
    flags: data.data.filter(isReviewedFlag),
    unsupported: data.unsupported,
    meta,
  }));
export type ReviewedMessageListResponse = z.infer<typeof reviewedMessageListResponseSchema>;

/** What was decided about a reviewed flag: `approved` (visible) or `disapproved` (hidden). */
export function flagDecisionOf(item: ReviewedFlag): FlaggedDecision | undefined {
  const status = item.message.data.moderation?.status ?? item.status;
  return status === 'approved' || status === 'disapproved' ? status : undefined;
}
