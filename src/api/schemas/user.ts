import { z } from 'zod';
import { pageListEnvelope, dataEnvelope, timestampSchema } from './common';
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
export const userSchema = z.object({
  uid: z.string(),
  name: z.string(),
  avatar: z.string().optional(),
  link: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  status: z.string().optional(),
  statusMessage: z.string().optional(),
  role: z.string().optional(),
  tags: z.array(z.string()).optional(),
  createdAt: timestampSchema.optional(),
  updatedAt: timestampSchema.optional(),
  lastActiveAt: timestampSchema.optional(),
  deactivatedAt: timestampSchema.optional(),
  conversationId: z.string().optional(),
  blockedByMe: z.boolean().optional(),
  blockedByMeAt: timestampSchema.optional(),
  blockedAt: timestampSchema.optional(),
  hasBlockedMe: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = dataEnvelope(userSchema);
export const userListResponseSchema = pageListEnvelope(userSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** `GET /users` query. `searchKey` is a case-insensitive prefix match on uid and name. */
export const listUsersQuerySchema = pageQuerySchema.extend({
  searchKey: z.string().trim().max(100, { error: 'The searchKey must be at most 100 characters.' }).optional(),
  role: z.string().trim().toLowerCase().optional(),
  status: userStatusSchema.optional(),
  withDeactivated: queryBooleanSchema.optional(),
  onlyDeactivated: queryBooleanSchema.optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;
