import { z } from 'zod';
import { cursorListEnvelope, dataEnvelope, timestampSchema } from './common';
import { groupSchema } from './group';
import { affixSchema, messageIdSchema, queryBooleanSchema, queryIdSchema, queryIntSchema } from './query';
import { userSchema } from './user';

/** Users, groups and messages nested in a message: `{ entity, entityType }`. */
export const entityWrapper = <T extends z.ZodType>(entity: T) =>
  z.object({ entity, entityType: z.string() });

export const userEntitySchema = entityWrapper(userSchema);
/** The receiver of a message is a user or, for group messages, a group. */
export const receiverEntitySchema = entityWrapper(z.union([userSchema, groupSchema]));

export const messageCategoryValues = ['message', 'custom', 'action', 'call'] as const;
export const messageCategorySchema = z.enum(messageCategoryValues, {
  error: 'The category must be one of message, custom, action, call.',
});
export type MessageCategory = z.infer<typeof messageCategorySchema>;

/** Types of the `message` category; custom messages carry their own type names. */
export const standardMessageTypeValues = ['text', 'image', 'video', 'audio', 'file'] as const;
export const receiverTypeSchema = z.enum(['user', 'group'], {
  error: 'The receiverType must be user or group.',
});
export type ReceiverType = z.infer<typeof receiverTypeSchema>;

export const reactionSummarySchema = z.object({
  reaction: z.string(),
  count: z.number().int(),
  /** Present, and true, only when the acting user (`onBehalfOf`) has reacted with it. */
  reactedByMe: z.boolean().optional(),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

export const moderationStatusSchema = z.enum(['pending', 'approved', 'disapproved', 'unmoderated']);
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;

export const attachmentSchema = z.object({
  url: z.string(),
  name: z.string().optional(),
  extension: z.string().optional(),
  size: z.number().optional(),
  mimeType: z.string().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const contentEntitiesSchema = z.object({
  sender: userEntitySchema.optional(),
  receiver: receiverEntitySchema.optional(),
});

const messageDataSchema = z.object({
  text: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  customData: z.unknown().optional(),
  url: z.string().optional(),
  attachments: z.array(attachmentSchema).optional(),
  entities: contentEntitiesSchema.optional(),
  reactions: z.array(reactionSummarySchema).optional(),
  moderation: z.object({ status: moderationStatusSchema }).optional(),
});

const messageFields = {
  id: z.string(),
  muid: z.string().optional(),
  conversationId: z.string(),
  sender: z.string(),
  receiverType: receiverTypeSchema,
  receiver: z.string(),
  category: messageCategorySchema,
  type: z.string(),
  sentAt: timestampSchema,
  updatedAt: timestampSchema.optional(),
  editedAt: timestampSchema.optional(),
  editedBy: z.string().optional(),
  deletedAt: timestampSchema.optional(),
  deletedBy: z.string().optional(),
  deliveredAt: timestampSchema.optional(),
  readAt: timestampSchema.optional(),
  parentId: z.string().optional(),
  replyCount: z.number().int().optional(),
  tags: z.array(z.string()).optional(),
};

/** The message an action message is about (`data.entities.on.entity`). */
export const messageEntitySchema = entityWrapper(z.object({ ...messageFields, data: messageDataSchema }));

/**
 * Any message as listed or fetched. Lists of the real service may include action messages,
 * so `data.action` and the `by`/`for`/`on` entities are accepted here too.
 */
export const messageSchema = z.object({
  ...messageFields,
  data: messageDataSchema.extend({
    action: z.string().optional(),
    entities: contentEntitiesSchema
      .extend({
        by: userEntitySchema.optional(),
        for: receiverEntitySchema.optional(),
        on: messageEntitySchema.optional(),
      })
      .optional(),
  }),
});
export type Message = z.infer<typeof messageSchema>;

/** An action message (`category: "action"`), e.g. the result of deleting a message. */
export const actionMessageSchema = z.object({
  ...messageFields,
  category: z.literal('action'),
  data: z.object({
    action: z.string(),
    entities: z.object({ by: userEntitySchema, for: receiverEntitySchema, on: messageEntitySchema }),
  }),
});
export type ActionMessage = z.infer<typeof actionMessageSchema>;

export const messageResponseSchema = dataEnvelope(messageSchema);
export const messageListResponseSchema = cursorListEnvelope(messageSchema);
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

export const deleteMessageBodySchema = z.strictObject({ permanent: z.boolean().optional() });
export type DeleteMessageBody = z.infer<typeof deleteMessageBodySchema>;
export const deleteMessageResponseSchema = dataEnvelope(actionMessageSchema);

/**
 * `GET /messages` query. Without `affix` the newest come first (same as `affix=prepend`);
 * `affix=append` lists oldest first. `id` is the cursor from `meta.next.id`.
 */
export const listMessagesQuerySchema = z
  .object({
    conversationId: z.string().min(1).max(250).optional(),
    sender: queryIdSchema.optional(),
    receiverType: receiverTypeSchema.optional(),
    category: messageCategorySchema.optional(),
    type: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'The type is invalid.' })
      .optional(),
    fromTimestamp: queryIntSchema('fromTimestamp', { min: 0 }).optional(),
    toTimestamp: queryIntSchema('toTimestamp', { min: 0 }).optional(),
    hideDeleted: queryBooleanSchema.optional(),
    onlyDeleted: queryBooleanSchema.optional(),
    limit: queryIntSchema('limit', { min: 1, max: 1000 }).default(10),
    affix: affixSchema.optional(),
    id: messageIdSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.hideDeleted === true && query.onlyDeleted === true) {
      ctx.addIssue({ code: 'custom', path: ['onlyDeleted'], message: 'The onlyDeleted and hideDeleted filters cannot both be true.' });
    }
    const standard: readonly string[] = standardMessageTypeValues;
    if (query.type !== undefined && query.category !== 'custom' && !standard.includes(query.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: `The type must be one of ${standard.join(', ')} (any type with category=custom).` });
    }
  });
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;
