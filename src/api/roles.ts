import { callOperation } from './operation';
import { type PermissionMap } from './schemas/role';

/** What the console passes to `GET /roles` (page style). */
export interface ListRolesParams {
  page?: number | undefined;
  perPage?: number | undefined;
}

export const listRoles = (params: ListRolesParams = {}, signal?: AbortSignal) =>
  callOperation(
    'roles.list',
    {},
    {
      signal,
      query: { page: params.page, perPage: params.perPage },
    },
  );

export const getRole = async (role: string, signal?: AbortSignal) =>
  (await callOperation('roles.get', { role }, { signal })).data;

/** The permission catalog (ids, types, available values, defaults); not the role's own values. */
export const listPermissionCatalog = (role: string, signal?: AbortSignal) =>
  callOperation('permissions.list', { role }, { signal });

/** Writes only the keys given; the service merges them into the role's map. */
export const setRolePermissions = async (role: string, permissions: PermissionMap) =>
  (await callOperation('permissions.set', { role }, { body: { permissions } }))?.data;

/** Drops the role's own value of one key, so the catalog default applies again. */
export const unsetRolePermission = async (role: string, permission: string) =>
  (await callOperation('permissions.unset', { role, permission }))?.data;
