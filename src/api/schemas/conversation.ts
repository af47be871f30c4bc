import { z } from 'zod';
import { dataEnvelope } from './common';

/** Without `messageId`, every message of the conversation is marked delivered. */
export const markDeliveredBodySchema = z.strictObject({
  messageId: z
    .number({ error: 'The messageId must be an integer.' })
    .int({ error: 'The messageId must be an integer.' })
    .positive({ error: 'The messageId must be positive.' })
    .optional(),
});
export type MarkDeliveredBody = z.infer<typeof markDeliveredBodySchema>;

/** Note the capital `Message`, as the service sends it for user conversations. */
export const markDeliveredResultSchema = z.object({ success: z.boolean(), Message: z.string() });
export type MarkDeliveredResult = z.infer<typeof markDeliveredResultSchema>;
export const markDeliveredResponseSchema = dataEnvelope(markDeliveredResultSchema);
