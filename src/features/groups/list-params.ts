import { z } from '@/api/zod';
import { groupTypeSchema } from '@/api/schemas/group';
import { pageParam, perPageParam, textParam, type ListState } from '@/utils/list-state';

/** The groups list's search, type and page as they live in the URL. */
export const groupsParams = z.object({
  q: textParam(),
  type: groupTypeSchema.optional().catch(undefined),
  page: pageParam,
  perPage: perPageParam(),
});
export type GroupsSearch = ListState<typeof groupsParams>;

/** The page of a group's banned users and the search over it, as they live in the URL. */
export const bannedParams = z.object({ q: textParam(), page: pageParam, perPage: perPageParam() });
