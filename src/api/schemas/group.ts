import { z } from 'zod';
import { dataEnvelope, pageListEnvelope, successSchema, timestampSchema } from './common';
import { pageQuerySchema } from './query';
import { userSchema } from './user';

export const groupTypeValues = ['public', 'private', 'password'] as const;
export const groupTypeSchema = z.enum(groupTypeValues, {
  error: 'The type must be public, private or password.',
});
export type GroupType = z.infer<typeof groupTypeSchema>;

export const groupSchema = z.object({
  guid: z.string(),
  name: z.string(),
  type: groupTypeSchema,
  description: z.string().optional(),
  icon: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  owner: z.string().optional(),
  membersCount: z.number().int().optional(),
  tags: z.array(z.string()).optional(),
  conversationId: z.string().optional(),
  hasJoined: z.boolean().optional(),
  scope: z.string().optional(),
  joinedAt: timestampSchema.optional(),
  createdAt: timestampSchema.optional(),
  updatedAt: timestampSchema.optional(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupResponseSchema = dataEnvelope(groupSchema);
export const groupListResponseSchema = pageListEnvelope(groupSchema);
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;

export const listGroupsQuerySchema = pageQuerySchema.extend({
  searchKey: z.string().trim().max(100, { error: 'The searchKey must be at most 100 characters.' }).optional(),
  type: groupTypeSchema.optional(),
});
export type ListGroupsQuery = z.infer<typeof listGroupsQuerySchema>;

/** Banned users are plain user records with page-style meta. */
export const bannedUsersResponseSchema = pageListEnvelope(userSchema);
export type BannedUsersResponse = z.infer<typeof bannedUsersResponseSchema>;
export const listBannedUsersQuerySchema = pageQuerySchema;

/** `POST` / `DELETE /groups/{guid}/bannedusers/{uid}`. */
export const banResponseSchema = dataEnvelope(successSchema);
export type BanResult = z.infer<typeof successSchema>;
