import { z } from '@/api/zod';
import { groupTypeSchema, listGroupsQuerySchema, memberScopeSchema } from '@/api/schemas/group';
import { listUsersQuerySchema } from '@/api/schemas/user';
import type { FilterRules } from '@/utils/filter-rules';
import { pageParam, perPageParam, textParam, type ListState } from '@/utils/list-state';

/** The groups list's search, type and page as they live in the URL. */
export const groupsParams = z.object({
  q: textParam(),
  type: groupTypeSchema.optional().catch(undefined),
  page: pageParam,
  perPage: perPageParam(),
});
export type GroupsSearch = ListState<typeof groupsParams>;

/** The search is `GET /groups`'s `searchKey`, checked as the service checks it. */
export const groupsRules = {
  q: listGroupsQuerySchema.shape.searchKey,
} as const satisfies FilterRules;

/** The page of a group's banned users and the search over it, as they live in the URL. */
export const bannedParams = z.object({ q: textParam(), page: pageParam, perPage: perPageParam() });

/**
 * The service has no search of banned users, so the page searches what it loaded, by uid or name: the
 * text a users search (`GET /users`'s `searchKey`) accepts.
 */
export const bannedRules = {
  q: listUsersQuerySchema.shape.searchKey,
} as const satisfies FilterRules;

/** A group's members: the scope filter (the service's `scopes`) and the page, as they live in the URL. */
export const membersParams = z.object({
  scope: memberScopeSchema.optional().catch(undefined),
  page: pageParam,
  perPage: perPageParam(),
});
