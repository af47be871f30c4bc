import { z } from '../zod';
import {
  dataEnvelope,
  freeJsonSchema,
  optional,
  pageListEnvelope,
  successSchema,
  timestampSchema,
} from './common';
import { pageQuerySchema } from './query';
import { userSchema } from './user';

export const groupTypeValues = ['public', 'private', 'password'] as const;
export const groupTypeSchema = z.enum(groupTypeValues, {
  error: 'The type must be public, private or password.',
});
export type GroupType = z.infer<typeof groupTypeSchema>;

export const groupSchema = z.looseObject({
  guid: z.string(),
  name: z.string(),
  /** `public`, `private`, `password`; others are shown as they come. */
  type: z.string(),
  description: optional(z.string()),
  icon: optional(z.string()),
  metadata: freeJsonSchema,
  owner: optional(z.string()),
  membersCount: optional(z.number().int()),
  tags: optional(z.array(z.string())),
  conversationId: optional(z.string()),
  hasJoined: optional(z.boolean()),
  scope: optional(z.string()),
  joinedAt: optional(timestampSchema),
  createdAt: optional(timestampSchema),
  updatedAt: optional(timestampSchema),
});
export type Group = z.infer<typeof groupSchema>;

export const groupResponseSchema = dataEnvelope(groupSchema);
export const groupListResponseSchema = pageListEnvelope(groupSchema);
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;

export const listGroupsQuerySchema = pageQuerySchema.extend({
  searchKey: z
    .string()
    .trim()
    .max(100, { error: 'The searchKey must be at most 100 characters.' })
    .optional(),
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
