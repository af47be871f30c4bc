import { z } from '../zod';
import {
  messageCategorySchema,
  messageCategoryValues,
  receiverTypeSchema,
  standardMessageTypeValues,
} from './message';
import {
  affixSchema,
  messageIdSchema,
  queryBooleanSchema,
  queryIdSchema,
  queryIntSchema,
} from './query';

export const attachmentTypeValues = ['image', 'video', 'audio', 'file'] as const;
export type AttachmentType = (typeof attachmentTypeValues)[number];

const typeName = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, {
  error: 'A type has 1 to 100 letters, digits, "_" or "-".',
});

/** A comma-separated list (the service's `style: form, explode: false` arrays), each item checked. */
const commaList = <T extends z.ZodType<unknown, string>>(field: string, item: T) =>
  z
    .string()
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(
      z
        .array(item, { error: `The ${field} list is invalid.` })
        .min(1, { error: `The ${field} list is empty.` })
        .max(100, { error: `The ${field} list has more than 100 items.` }),
    );

/**
 * `GET /messages` query, the filters the service documents (chat-api-facts §3.6): conversation,
 * sender, category and type (one or several), a time window (`toTimestamp` counts only with
 * `fromTimestamp`), deleted only or hidden, text (`searchKey`), attachments (any, or of given types),
 * links, mentions (any, or of given uids), reactions. A `has*` filter set to `false` filters nothing.
 * Without `affix` the newest come first (same as `affix=prepend`); `affix=append` lists oldest
 * first. `id` is the cursor from `meta.next.id`.
 */
export const listMessagesQuerySchema = z
  .object({
    conversationId: z.string().min(1).max(250).optional(),
    sender: queryIdSchema.optional(),
    receiverType: receiverTypeSchema.optional(),
    category: messageCategorySchema.optional(),
    categories: commaList('categories', z.enum(messageCategoryValues)).optional(),
    type: typeName.optional(),
    types: commaList('types', typeName).optional(),
    fromTimestamp: queryIntSchema('fromTimestamp', { min: 0 }).optional(),
    toTimestamp: queryIntSchema('toTimestamp', { min: 0 }).optional(),
    hideDeleted: queryBooleanSchema.optional(),
    onlyDeleted: queryBooleanSchema.optional(),
    searchKey: z
      .string()
      .trim()
      .min(1, { error: 'The searchKey is empty.' })
      .max(100, { error: 'The searchKey must be at most 100 characters.' })
      .optional(),
    hasAttachments: queryBooleanSchema.optional(),
    attachmentTypes: commaList('attachmentTypes', z.enum(attachmentTypeValues)).optional(),
    hasLinks: queryBooleanSchema.optional(),
    hasMentions: queryBooleanSchema.optional(),
    mentionedUids: commaList('mentionedUids', queryIdSchema).optional(),
    hasReactions: queryBooleanSchema.optional(),
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
