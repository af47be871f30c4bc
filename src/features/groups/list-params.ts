import { z } from 'zod';
import { groupTypeSchema } from '@/api/schemas/group';

export const pageSizes = [25, 50, 100] as const;

const page = z.coerce.number().int().min(1).catch(1);
const perPage = z.coerce
  .number()
  .refine((n) => pageSizes.some((size) => size === n))
  .catch(25);

const groupsSearchSchema = z.object({
  q: z.string().trim().max(100).catch(''),
  type: groupTypeSchema.optional().catch(undefined),
  page,
  perPage,
});
export type GroupsSearch = z.infer<typeof groupsSearchSchema>;

const bannedSearchSchema = z.object({ page, perPage });
export type BannedSearch = z.infer<typeof bannedSearchSchema>;

const read = (params: URLSearchParams, key: string) => params.get(key) ?? undefined;

export function parseGroupsSearch(params: URLSearchParams): GroupsSearch {
  return groupsSearchSchema.parse({
    q: read(params, 'q'),
    type: read(params, 'type'),
    page: read(params, 'page'),
    perPage: read(params, 'perPage'),
  });
}

export function parseBannedSearch(params: URLSearchParams): BannedSearch {
  return bannedSearchSchema.parse({ page: read(params, 'page'), perPage: read(params, 'perPage') });
}

/** Writes only what differs from the defaults. */
export function toSearchParams(search: Partial<GroupsSearch> & BannedSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.type) params.set('type', search.type);
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.perPage !== 25) params.set('perPage', String(search.perPage));
  return params;
}
