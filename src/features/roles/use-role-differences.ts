import { useQueries } from '@tanstack/react-query';
import type { Role } from '@/api/schemas/role';
import { countDifferences } from './permission-model';
import { roleQueries } from './queries';

export type RoleDifferences =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; differing: number; other: number };

/**
 * For each listed role, how many catalog keys differ from their default: the role's map (from the list
 * item when the service includes it, otherwise `GET /roles/{role}`) against its catalog.
 */
export function useRoleDifferences(roles: readonly Role[]): RoleDifferences[] {
  const details = useQueries({
    queries: roles.map((role) => ({ ...roleQueries.detail(role.role), enabled: role.permissions === undefined })),
  });
  const catalogs = useQueries({ queries: roles.map((role) => roleQueries.catalog(role.role)) });
  return roles.map((role, index) => {
    const detail = details[index];
    const catalog = catalogs[index];
    const permissions = role.permissions ?? detail?.data?.permissions;
    const error = (role.permissions === undefined ? detail?.error : null) ?? catalog?.error;
    if (error) return { status: 'error', error };
    if (!permissions || !catalog?.data) return { status: 'pending' };
    return { status: 'ready', ...countDifferences(permissions, catalog.data) };
  });
}
