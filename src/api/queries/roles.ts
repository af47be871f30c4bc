import { queryOptions } from '@tanstack/react-query';
import { getRole, listPermissionCatalog, listRoles, type ListRolesParams } from '../roles';

/** Keys and reads of roles and their permission catalogs. */
export const roleQueries = {
  all: () => ['roles'] as const,
  lists: () => [...roleQueries.all(), 'list'] as const,
  list: (params: ListRolesParams) =>
    queryOptions({
      queryKey: [...roleQueries.lists(), params] as const,
      queryFn: ({ signal }) => listRoles(params, signal),
    }),
  /** The roles as choices of a filter: just the list, up to 100. */
  options: () =>
    queryOptions({
      queryKey: [...roleQueries.all(), 'options'] as const,
      queryFn: async ({ signal }) => (await listRoles({ perPage: 100 }, signal)).data,
      staleTime: 5 * 60_000,
    }),
  details: () => [...roleQueries.all(), 'detail'] as const,
  detail: (role: string) =>
    queryOptions({
      queryKey: [...roleQueries.details(), role] as const,
      queryFn: ({ signal }) => getRole(role, signal),
    }),
  catalogs: () => [...roleQueries.all(), 'catalog'] as const,
  /** The catalog changes only with the service's version: read it once per session. */
  catalog: (role: string) =>
    queryOptions({
      queryKey: [...roleQueries.catalogs(), role] as const,
      queryFn: ({ signal }) => listPermissionCatalog(role, signal),
      staleTime: Infinity,
    }),
};
