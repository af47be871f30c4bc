import { useQueries } from '@tanstack/react-query';
import { reportedPermissionQueries } from '@/api/queries/reported-permissions';
import { roleQueries } from '@/api/queries/roles';
import type { Role } from '@/api/schemas/role';
import { countDifferences } from './permission-model';

export type RoleDifferences =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  /** The service never reported this role's map to the console: nothing can be said about it. */
  | { status: 'unknown' }
  | { status: 'ready'; differing: number; other: number; reportedAt: number };

/**
 * For each listed role, how many catalog keys differ from their default in the map the service last
 * reported (the answer of a permission write); the service has no read of a role's map.
 */
export function useRoleDifferences(roles: readonly Role[]): RoleDifferences[] {
  const reports = useQueries({
    queries: roles.map((role) => reportedPermissionQueries.detail(role.role)),
  });
  const catalogs = useQueries({
    queries: roles.map((role, index) => ({
      ...roleQueries.catalog(role.role),
      enabled: Boolean(reports[index]?.data),
    })),
  });
  return roles.map((_role, index) => {
    const report = reports[index];
    const catalog = catalogs[index];
    if (report?.error) return { status: 'error', error: report.error };
    if (report?.data === undefined) return { status: 'pending' };
    if (report.data === null) return { status: 'unknown' };
    if (catalog?.error) return { status: 'error', error: catalog.error };
    if (!catalog?.data) return { status: 'pending' };
    return {
      status: 'ready',
      reportedAt: report.data.reportedAt,
      ...countDifferences(report.data.permissions, catalog.data.data),
    };
  });
}
