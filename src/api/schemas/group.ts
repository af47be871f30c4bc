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

/** A member's scope in a group; the service may add others, shown as they come. */
export const memberScopeValues = ['admin', 'moderator', 'participant'] as const;
export const memberScopeSchema = z.enum(memberScopeValues, {
  error: 'The scope must be admin, moderator or participant.',
});
export type MemberScope = z.infer<typeof memberScopeSchema>;

/** An item of `GET /groups/{guid}/members`: the user's fields with the member's `scope` and `joinedAt`. */
export const groupMemberSchema = userSchema.extend({
  scope: z.string(),
  joinedAt: optional(timestampSchema),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
export const groupMembersResponseSchema = pageListEnvelope(groupMemberSchema);
export type GroupMembersResponse = z.infer<typeof groupMembersResponseSchema>;

/** `scopes`: members of these scopes only (comma-separated, as the service's array parameters). */
export const listGroupMembersQuerySchema = pageQuerySchema.extend({
  scopes: z
    .string()
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(z.array(memberScopeSchema).min(1))
    .optional(),
  status: z
    .enum(['available', 'offline'], { error: 'The status must be available or offline.' })
    .optional(),
});

/** `DELETE /groups/{guid}/members/{uid}` (kick) and `PUT` the same path (scope), `{ data: { success, message } }`. */
export const memberActionResponseSchema = dataEnvelope(successSchema);
export const changeMemberScopeBodySchema = z.strictObject({ scope: memberScopeSchema });
export type ChangeMemberScopeBody = z.infer<typeof changeMemberScopeBodySchema>;
