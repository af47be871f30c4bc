import { z } from '../zod';
import {
  dataEnvelope,
  freeJsonSchema,
  optional,
  pageListEnvelope,
  timestampSchema,
} from './common';
import { pageQuerySchema, queryBooleanSchema } from './query';

export const userStatusValues = ['available', 'offline'] as const;
export const userStatusSchema = z.enum(userStatusValues, {
  error: 'The status must be available or offline.',
});
export type UserStatus = z.infer<typeof userStatusSchema>;

/**
 * A user as the service returns it. Only uid and name are always present; nested copies
 * (message entities, reactedBy, banned users) carry subsets.
 */
export const userSchema = z.looseObject({
  uid: z.string(),
  name: z.string(),
  avatar: optional(z.string()),
  link: optional(z.string()),
  metadata: freeJsonSchema,
  status: optional(z.string()),
  statusMessage: optional(z.string()),
  role: optional(z.string()),
  tags: optional(z.array(z.string())),
  createdAt: optional(timestampSchema),
  updatedAt: optional(timestampSchema),
  lastActiveAt: optional(timestampSchema),
  deactivatedAt: optional(timestampSchema),
  conversationId: optional(z.string()),
  blockedByMe: optional(z.boolean()),
  blockedByMeAt: optional(timestampSchema),
  blockedAt: optional(timestampSchema),
  hasBlockedMe: optional(z.boolean()),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = dataEnvelope(userSchema);
export const userListResponseSchema = pageListEnvelope(userSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** `GET /users` query. `searchKey` is a case-insensitive prefix match on uid and name. */
export const listUsersQuerySchema = pageQuerySchema.extend({
  searchKey: z
    .string()
    .trim()
    .max(100, { error: 'The searchKey must be at most 100 characters.' })
    .optional(),
  role: z.string().trim().toLowerCase().optional(),
  status: userStatusSchema.optional(),
  withDeactivated: queryBooleanSchema.optional(),
  onlyDeactivated: queryBooleanSchema.optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;
