import { queryOptions } from '@tanstack/react-query';
import { getReportedPermissions } from '../reported-permissions';

/** Keys and reads of the role permission maps the service reported to the console. */
export const reportedPermissionQueries = {
  all: () => ['reported-permissions'] as const,
  details: () => [...reportedPermissionQueries.all(), 'detail'] as const,
  /** The role's map as the service last reported it to the console (null: never); the service has no read of it. */
  detail: (role: string) =>
    queryOptions({
      queryKey: [...reportedPermissionQueries.details(), role] as const,
      queryFn: ({ signal }) => getReportedPermissions(role, signal),
    }),
};
