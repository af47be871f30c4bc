import { z } from '../zod';
import { cursorListEnvelope, timestampSchema } from './common';
import { messageResponseSchema } from './message';
import { affixSchema, queryIntSchema } from './query';
import { userSchema } from './user';

export const reactionRecordSchema = z.looseObject({
  id: z.string(),
  messageId: z.string(),
  reaction: z.string(),
  uid: z.string(),
  reactedAt: timestampSchema,
  reactedBy: userSchema,
});
export type ReactionRecord = z.infer<typeof reactionRecordSchema>;

export const reactionListResponseSchema = cursorListEnvelope(reactionRecordSchema);
export type ReactionListResponse = z.infer<typeof reactionListResponseSchema>;

/** Add and remove both answer with the whole message and its updated `data.reactions`. */
export const reactionMutationResponseSchema = messageResponseSchema;

/** An emoji (any sequence: skin tones, ZWJ, flags) or a text token such as `:party:`. */
export const reactionSchema = z
  .string()
  .min(1, { error: 'The reaction is required.' })
  .max(100, { error: 'The reaction must be at most 100 characters.' })
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f\s]+$/u, {
    error: 'The reaction must not contain spaces or control characters.',
  });

/** Paging of reaction lists: oldest first; `id` is the cursor from `meta.next.id`. */
export const listReactionsQuerySchema = z.object({
  limit: queryIntSchema('limit', { min: 1, max: 100 }).default(100),
  affix: affixSchema.optional(),
  id: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, { error: 'The id must be a positive integer.' })
    .optional(),
});
export type ListReactionsQuery = z.infer<typeof listReactionsQuerySchema>;
