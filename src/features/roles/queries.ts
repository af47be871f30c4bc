import { queryOptions } from '@tanstack/react-query';
import { getReportedPermissions } from '@/api/reported-permissions';
import { getRole, listPermissionCatalog, listRoles, type ListRolesParams } from '@/api/roles';

export const roleQueries = {
  all: () => ['roles'] as const,
  lists: () => [...roleQueries.all(), 'list'] as const,
  list: (params: ListRolesParams) =>
    queryOptions({
      queryKey: [...roleQueries.lists(), params] as const,
      queryFn: ({ signal }) => listRoles(params, signal),
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
  reportedAll: () => [...roleQueries.all(), 'reported'] as const,
  /** The role's map as the service last reported it to the console (null: never); the service has no read of it. */
  reported: (role: string) =>
    queryOptions({
      queryKey: [...roleQueries.reportedAll(), role] as const,
      queryFn: ({ signal }) => getReportedPermissions(role, signal),
    }),
};
