import { apiPath, request } from './http';
import {
  permissionCatalogResponseSchema,
  roleListResponseSchema,
  roleResponseSchema,
  setPermissionsResponseSchema,
  unsetPermissionResponseSchema,
  type PermissionMap,
} from './schemas/role';

/** What the console passes to `GET /roles` (page style). */
export interface ListRolesParams {
  page?: number | undefined;
  perPage?: number | undefined;
}

export const listRoles = (params: ListRolesParams = {}, signal?: AbortSignal) =>
  request(apiPath('roles'), roleListResponseSchema, {
    signal,
    query: { page: params.page, perPage: params.perPage },
  });

export const getRole = async (role: string, signal?: AbortSignal) =>
  (await request(apiPath('roles', role), roleResponseSchema, { signal })).data;

/** The permission catalog (ids, types, available values, defaults); not the role's own values. */
export const listPermissionCatalog = (role: string, signal?: AbortSignal) =>
  request(apiPath('roles', role, 'permissions'), permissionCatalogResponseSchema, { signal });

/** Writes only the keys given; the service merges them into the role's map. */
export const setRolePermissions = async (role: string, permissions: PermissionMap) =>
  (
    await request(apiPath('roles', role, 'permissions'), setPermissionsResponseSchema, {
      method: 'PUT',
      tolerant: true,
      body: { permissions },
    })
  )?.data;

/** Drops the role's own value of one key, so the catalog default applies again. */
export const unsetRolePermission = async (role: string, permission: string) =>
  (
    await request(
      apiPath('roles', role, 'permissions', permission),
      unsetPermissionResponseSchema,
      {
        method: 'DELETE',
        tolerant: true,
      },
    )
  )?.data;
