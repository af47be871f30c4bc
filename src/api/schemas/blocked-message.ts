import { z } from '../zod';
import { cursorListEnvelope, optional, successResponseSchema, timestampSchema } from './common';
import { messageSchema } from './message';

/** A string (text rules such as toxicity) or a list (image rules); read as a list either way. */
const textOrList = z.union([z.array(z.string()), z.string().transform((text) => [text])]);

export const ruleConditionSchema = z.looseObject({
  id: optional(z.union([z.number(), z.string()])),
  entity: optional(z.string()),
  operand: optional(z.string()),
  category: optional(z.string()),
  operator: optional(z.string()),
  value: optional(textOrList),
  message: optional(textOrList),
  weight: optional(z.number()),
  isKeywordsReferencePresent: optional(z.boolean()),
  isMediaPresent: optional(z.boolean()),
});
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

/**
 * An item of `GET /moderation/blocked-messages` and `/reviewed-messages`; it is addressed by
 * `message.id`. Where it stands is `message.data.moderation.status` (`pending`, `approved`,
 * `disapproved`); `status`/`reviewed` are read when an answer carries them.
 */
export const blockedMessageSchema = z.looseObject({
  ruleId: z.string(),
  ruleName: optional(z.string()),
  revisionId: optional(z.string()),
  condition: optional(ruleConditionSchema),
  message: messageSchema,
  action: optional(textOrList),
  status: optional(z.string()),
  reviewed: optional(z.boolean()),
  createdAt: optional(timestampSchema),
  updatedAt: optional(timestampSchema),
});
export type BlockedMessage = z.infer<typeof blockedMessageSchema>;

export const blockedMessageListResponseSchema = cursorListEnvelope(blockedMessageSchema);
export type BlockedMessageListResponse = z.infer<typeof blockedMessageListResponseSchema>;

/** `approved` delivers the message; `rejected` keeps it blocked and marks it reviewed. */
export const reviewBlockedMessageBodySchema = z.strictObject({
  status: z.enum(['approved', 'rejected'], { error: 'The status must be approved or rejected.' }),
  reviewed: z.boolean().optional(),
});
export type ReviewBlockedMessageBody = z.infer<typeof reviewBlockedMessageBodySchema>;
export const reviewBlockedMessageResponseSchema = successResponseSchema;
