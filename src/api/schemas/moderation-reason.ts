import { z } from '../zod';
import { cursorListEnvelope, dataEnvelope, idSchema, optional, timestampSchema } from './common';

/** The list sends seconds as strings, get/create/update as integers: both read as numbers. */
export const moderationReasonSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: optional(z.string()).transform((text) => text ?? ''),
  createdAt: optional(timestampSchema),
  updatedAt: optional(timestampSchema),
  default: optional(z.boolean()),
});
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

export const reasonNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(100, { error: 'Name must be at most 100 characters' });

export const reasonDescriptionSchema = z
  .string()
  .trim()
  .max(255, { error: 'Description must be at most 255 characters' });

export const createReasonBodySchema = z.strictObject({
  id: idSchema,
  name: reasonNameSchema,
  description: reasonDescriptionSchema.optional(),
});
export type CreateReasonBody = z.infer<typeof createReasonBodySchema>;

export const updateReasonBodySchema = z.strictObject({
  name: reasonNameSchema,
  description: reasonDescriptionSchema.optional(),
});
export type UpdateReasonBody = z.infer<typeof updateReasonBodySchema>;

export const reasonListResponseSchema = cursorListEnvelope(moderationReasonSchema);
export const reasonResponseSchema = dataEnvelope(moderationReasonSchema);
