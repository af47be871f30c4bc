import { z } from 'zod';
import { cursorListEnvelope, dataEnvelope, successSchema, timestampSchema } from './common';
import { messageSchema } from './message';
import { affixSchema, messageIdSchema, queryIdSchema, queryIntSchema } from './query';

/** Where a blocked message stands in the review queue. */
export const blockedStatusValues = ['pending', 'approved', 'rejected'] as const;
export const blockedStatusSchema = z.enum(blockedStatusValues, {
  error: 'The status must be pending, approved or rejected.',
});
export type BlockedStatus = z.infer<typeof blockedStatusSchema>;

export const ruleConditionSchema = z.object({
  id: z.number().int().optional(),
  entity: z.string().optional(),
  operand: z.string().optional(),
  category: z.string().optional(),
  operator: z.string().optional(),
  value: z.array(z.string()).optional(),
  message: z.array(z.string()).optional(),
  weight: z.number().optional(),
  isKeywordsReferencePresent: z.boolean().optional(),
  isMediaPresent: z.boolean().optional(),
});
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

/** An item of `GET /moderation/blocked-messages`; it is addressed by `message.id`. */
export const blockedMessageSchema = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  revisionId: z.string().optional(),
  condition: ruleConditionSchema,
  message: messageSchema,
  action: z.array(z.string()),
  status: blockedStatusSchema.optional(),
  reviewed: z.boolean().optional(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type BlockedMessage = z.infer<typeof blockedMessageSchema>;

export const blockedMessageListResponseSchema = cursorListEnvelope(blockedMessageSchema);
export type BlockedMessageListResponse = z.infer<typeof blockedMessageListResponseSchema>;

/** Newest first by default (`affix=prepend`); `status` defaults to pending. */
export const listBlockedMessagesQuerySchema = z.object({
  status: blockedStatusSchema.default('pending'),
  sender: queryIdSchema.optional(),
  ruleId: z.string().trim().min(1).max(100).optional(),
  fromTimestamp: queryIntSchema('fromTimestamp', { min: 0 }).optional(),
  toTimestamp: queryIntSchema('toTimestamp', { min: 0 }).optional(),
  limit: queryIntSchema('limit', { min: 1, max: 100 }).default(50),
  affix: affixSchema.optional(),
  id: messageIdSchema.optional(),
});
export type ListBlockedMessagesQuery = z.infer<typeof listBlockedMessagesQuerySchema>;

/** `approved` delivers the message; `rejected` keeps it blocked and marks it reviewed. */
export const reviewBlockedMessageBodySchema = z.strictObject({
  status: z.enum(['approved', 'rejected'], { error: 'The status must be approved or rejected.' }),
  reviewed: z.boolean().optional(),
});
export type ReviewBlockedMessageBody = z.infer<typeof reviewBlockedMessageBodySchema>;
export const reviewBlockedMessageResponseSchema = dataEnvelope(successSchema);
