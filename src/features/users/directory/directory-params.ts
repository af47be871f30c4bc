import { z } from '@/api/zod';
import type { ListUsersParams } from '@/api/users';
import { listUsersQuerySchema, userStatusSchema } from '@/api/schemas/user';
import type { FilterRules } from '@/utils/filter-rules';
import { pageParam, perPageParam, textParam, type ListState } from '@/utils/list-state';

export const accountStates = ['active', 'deactivated', 'all'] as const;
export type AccountState = (typeof accountStates)[number];

/** The directory's filters and page as they live in the URL; anything malformed falls back to the default. */
export const directoryParams = z.object({
  q: textParam(),
  role: textParam(),
  status: userStatusSchema.optional().catch(undefined),
  state: z.enum(accountStates).catch('active'),
  page: pageParam,
  perPage: perPageParam(),
});
export type DirectorySearch = ListState<typeof directoryParams>;

/** The search is `GET /users`'s `searchKey`, checked as the service checks it. */
export const directoryRules = {
  q: listUsersQuerySchema.shape.searchKey,
} as const satisfies FilterRules;
/** The filters alone, without the page: what stays the same while paging. */
export type DirectoryFilterValues = Pick<DirectorySearch, 'q' | 'role' | 'status' | 'state'>;

/** The filters of `GET /users` without paging, as "Select all matching" pages through them itself. */
export function toFilterParams(search: DirectoryFilterValues): ListUsersParams {
  return {
    searchKey: search.q || undefined,
    role: search.role || undefined,
    status: search.status,
    withDeactivated: search.state === 'all' || undefined,
    onlyDeactivated: search.state === 'deactivated' || undefined,
  };
}

export function toListParams(search: DirectorySearch): ListUsersParams {
  return { ...toFilterParams(search), page: search.page, perPage: search.perPage };
}
