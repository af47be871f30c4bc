import { z } from '../zod';
import { dataEnvelope, optional } from './common';

/** Without `messageId`, every message of the conversation is marked delivered. */
export const markDeliveredBodySchema = z.strictObject({
  messageId: z
    .number({ error: 'The messageId must be an integer.' })
    .int({ error: 'The messageId must be an integer.' })
    .positive({ error: 'The messageId must be positive.' })
    .optional(),
});
export type MarkDeliveredBody = z.infer<typeof markDeliveredBodySchema>;

/**
 * The service sends a capital `Message` for user conversations and `message` for group ones:
 * either is read as `message`.
 */
export const markDeliveredResultSchema = z
  .looseObject({
    success: optional(z.boolean()),
    Message: optional(z.string()),
    message: optional(z.string()),
  })
  .transform(({ success, Message, message }) => ({
    success: success ?? true,
    message: message ?? Message ?? '',
  }));
export type MarkDeliveredResult = z.infer<typeof markDeliveredResultSchema>;
export const markDeliveredResponseSchema = dataEnvelope(markDeliveredResultSchema);
