import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setRolePermissions, unsetRolePermission } from '@/api/roles';
import type { PermissionMap, Role } from '@/api/schemas/role';
import { roleQueries } from './queries';

function useStoreMap(role: string) {
  const client = useQueryClient();
  return async (permissions: PermissionMap) => {
    client.setQueryData(roleQueries.detail(role).queryKey, (current: Role | undefined) =>
      current ? { ...current, permissions } : current,
    );
    await client.invalidateQueries({ queryKey: roleQueries.lists() });
  };
}

/** `PUT /roles/{role}/permissions` with only the changed keys. */
export function useSetPermissions(role: string) {
  const store = useStoreMap(role);
  return useMutation({
    mutationFn: (permissions: PermissionMap) => setRolePermissions(role, permissions),
    onSuccess: (result) => store(result.permissions),
  });
}

/** `DELETE /roles/{role}/permissions/{permission}`: back to the catalog default. */
export function useResetPermission(role: string) {
  const store = useStoreMap(role);
  return useMutation({
    mutationFn: (permission: string) => unsetRolePermission(role, permission),
    onSuccess: (result) => store(result.permissions),
  });
}
