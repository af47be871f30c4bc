import { z } from 'zod';
import type { ListUsersParams } from '@/api/users';
import { userStatusSchema } from '@/api/schemas/user';

export const pageSizes = [25, 50, 100] as const;
export const accountStates = ['active', 'deactivated', 'all'] as const;
export type AccountState = (typeof accountStates)[number];

/** The directory's filters and page as they live in the URL; anything malformed falls back to the default. */
const directorySearchSchema = z.object({
  q: z.string().trim().max(100).catch(''),
  role: z.string().trim().max(100).catch(''),
  status: userStatusSchema.optional().catch(undefined),
  state: z.enum(accountStates).catch('active'),
  page: z.coerce.number().int().min(1).catch(1),
  perPage: z.coerce
    .number()
    .refine((n) => pageSizes.some((size) => size === n))
    .catch(25),
});
export type DirectorySearch = z.infer<typeof directorySearchSchema>;
/** The filters alone, without the page: what stays the same while paging. */
export type DirectoryFilterValues = Pick<DirectorySearch, 'q' | 'role' | 'status' | 'state'>;

export function parseDirectorySearch(params: URLSearchParams): DirectorySearch {
  return directorySearchSchema.parse({
    q: params.get('q') ?? undefined,
    role: params.get('role') ?? undefined,
    status: params.get('status') ?? undefined,
    state: params.get('state') ?? undefined,
    page: params.get('page') ?? undefined,
    perPage: params.get('perPage') ?? undefined,
  });
}

/** Writes only what differs from the defaults, so a plain `/users` stays plain. */
export function toSearchParams(search: DirectorySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.role) params.set('role', search.role);
  if (search.status) params.set('status', search.status);
  if (search.state !== 'active') params.set('state', search.state);
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.perPage !== 25) params.set('perPage', String(search.perPage));
  return params;
}

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
