import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { reportedPermissionQueries } from '@/api/queries/reported-permissions';
import { setRolePermissions, unsetRolePermission } from '@/api/roles';
import type { PermissionMap } from '@/api/schemas/role';

/** The console server recorded the map of the answer: read the role's latest report again before resolving. */
function useRefreshReport(role: string) {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      queryKey: reportedPermissionQueries.detail(role).queryKey,
      refetchType: 'all',
    });
}

/** `PUT /roles/{role}/permissions` with only the changed keys. */
export function useSetPermissions(role: string) {
  const refresh = useRefreshReport(role);
  return useSingleMutation({
    mutationFn: (permissions: PermissionMap) => setRolePermissions(role, permissions),
    onSuccess: refresh,
  });
}

/** `DELETE /roles/{role}/permissions/{permission}`: back to the catalog default. */
export function useResetPermission(role: string) {
  const refresh = useRefreshReport(role);
  return useSingleMutation({
    mutationFn: (permission: string) => unsetRolePermission(role, permission),
    onSuccess: refresh,
  });
}
