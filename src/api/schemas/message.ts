import { z } from '../zod';
import {
  cursorListEnvelope,
  dataEnvelope,
  freeJsonSchema,
  optional,
  timestampSchema,
} from './common';
import { groupSchema } from './group';
import {
  affixSchema,
  messageIdSchema,
  queryBooleanSchema,
  queryIdSchema,
  queryIntSchema,
} from './query';
import { userSchema } from './user';

/** Users, groups and messages nested in a message: `{ entity, entityType }`. */
export const entityWrapper = <T extends z.ZodType>(entity: T) =>
  z.looseObject({ entity, entityType: z.string() });

export const userEntitySchema = entityWrapper(userSchema);
/** The receiver of a message is a user or, for group messages, a group. */
export const receiverEntitySchema = entityWrapper(z.union([userSchema, groupSchema]));

/** Categories the console knows by name; answers may carry others (`interactive`, `agentic`, `card` …). */
export const messageCategoryValues = ['message', 'custom', 'action', 'call'] as const;
/** The `category` filter of `GET /messages`: the documented values only. */
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

export const reactionSummarySchema = z.looseObject({
  reaction: z.string(),
  count: z.number().int(),
  /** Present, and true, only when the acting user (`onBehalfOf`) has reacted with it. */
  reactedByMe: optional(z.boolean()),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/** Known values: `pending`, `approved`, `disapproved`, `unmoderated`; others are shown as they come. */
export const moderationStatusSchema = z.string();
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;

export const attachmentSchema = z.looseObject({
  url: z.string(),
  name: optional(z.string()),
  extension: optional(z.string()),
  size: optional(z.number()),
  mimeType: optional(z.string()),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const contentEntitiesSchema = z.looseObject({
  sender: optional(userEntitySchema),
  receiver: optional(receiverEntitySchema),
});

const messageDataSchema = z.looseObject({
  text: optional(z.string()),
  metadata: freeJsonSchema,
  customData: freeJsonSchema,
  url: optional(z.string()),
  attachments: optional(z.array(attachmentSchema)),
  entities: optional(contentEntitiesSchema),
  reactions: optional(z.array(reactionSummarySchema)),
  moderation: optional(z.looseObject({ status: optional(moderationStatusSchema) })),
});

/** Category, type and receiver type are open sets: known values get labels, others show as they come. */
const messageFields = {
  id: z.string(),
  muid: optional(z.string()),
  conversationId: z.string(),
  sender: z.string(),
  receiverType: z.string(),
  receiver: z.string(),
  category: z.string(),
  type: z.string(),
  sentAt: timestampSchema,
  updatedAt: optional(timestampSchema),
  editedAt: optional(timestampSchema),
  editedBy: optional(z.string()),
  deletedAt: optional(timestampSchema),
  deletedBy: optional(z.string()),
  deliveredAt: optional(timestampSchema),
  readAt: optional(timestampSchema),
  parentId: optional(z.string()),
  replyCount: optional(z.number().int()),
  tags: optional(z.array(z.string())),
};

/** A message nested in another (`data.entities.on.entity` of an action message). */
export const nestedMessageSchema = z.looseObject({ ...messageFields, data: messageDataSchema });
export const messageEntitySchema = entityWrapper(nestedMessageSchema);

/**
 * What an action is on: a message, a user (group-member actions: joined, added, kicked, banned,
 * scopeChanged), a group or a group member. Anything else is kept as it came.
 */
export const actionOnEntitySchema = entityWrapper(
  z.union([nestedMessageSchema, userSchema, groupSchema, z.looseObject({})]),
);

/**
 * Any message as listed or fetched. Lists of the real service include action messages, so
 * `data.action` and the `by`/`for`/`on` entities are accepted here too.
 */
export const messageSchema = z.looseObject({
  ...messageFields,
  data: messageDataSchema.extend({
    action: optional(z.string()),
    entities: optional(
      contentEntitiesSchema.extend({
        by: optional(userEntitySchema),
        for: optional(receiverEntitySchema),
        on: optional(actionOnEntitySchema),
      }),
    ),
  }),
});
export type Message = z.infer<typeof messageSchema>;

/** The message an action is on, when it is one. */
export function actionTargetMessage(
  message: Message,
): z.infer<typeof nestedMessageSchema> | undefined {
  const on = message.data.entities?.on;
  if (!on || on.entityType !== 'message') return undefined;
  const parsed = nestedMessageSchema.safeParse(on.entity);
  return parsed.success ? parsed.data : undefined;
}

/** A deletion's action message as documented, the shape the emulator writes. */
export const actionMessageSchema = z.object({
  ...messageFields,
  category: z.literal('action'),
  data: z.object({
    action: z.string(),
    entities: z.object({
      by: userEntitySchema,
      for: receiverEntitySchema,
      on: messageEntitySchema,
    }),
  }),
});
export type ActionMessage = z.infer<typeof actionMessageSchema>;

export const messageResponseSchema = dataEnvelope(messageSchema);
export const messageListResponseSchema = cursorListEnvelope(messageSchema);
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

export const deleteMessageBodySchema = z.strictObject({ permanent: z.boolean().optional() });
export type DeleteMessageBody = z.infer<typeof deleteMessageBodySchema>;
/** An action message describing the deletion (documented as `category: "action"`, read as any message). */
export const deleteMessageResponseSchema = dataEnvelope(messageSchema);

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
      .regex(/^[A-Za-z0-9_-]{1,100}$/, {
        error: 'A type has 1 to 100 letters, digits, "_" or "-".',
      })
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
      ctx.addIssue({
        code: 'custom',
        path: ['onlyDeleted'],
        message: 'The onlyDeleted and hideDeleted filters cannot both be true.',
      });
    }
    const standard: readonly string[] = standardMessageTypeValues;
    if (query.type !== undefined && query.category !== 'custom' && !standard.includes(query.type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: `The type must be one of ${standard.join(', ')} (any type with category=custom).`,
      });
    }
  });
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;
