import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../src/api/schemas/common';
import {
  permissionCatalogResponseSchema,
  roleListResponseSchema,
  roleResponseSchema,
  setPermissionsResponseSchema,
  unsetPermissionResponseSchema,
} from '../../../src/api/schemas/role';
import { createTestEmulator } from '../test-support';

describe('roles', () => {
  it('lists roles with page meta and gets one with its effective permission map', async () => {
    const { json } = createTestEmulator();
    const list = await json(roleListResponseSchema, 'GET', '/v3/roles');
    expect(list.data.map((r) => r.role)).toEqual(['default', 'manager', 'moderator']);
    expect(list.meta.pagination.total).toBe(3);
    const role = await json(roleResponseSchema, 'GET', '/v3/roles/default');
    expect(Object.keys(role.data.permissions ?? {})).toHaveLength(28);
    expect(role.data.permissions).toMatchObject({ 'listUsers.mode': 'friends', initiateCall: 'deny', createGroup: 'allow', 'sendMessage.allowedMimeTypes': [] });
  });

  it('serves the 28-key catalog; roles arrays offer the existing roles', async () => {
    const { json, call } = createTestEmulator();
    const catalog = await json(permissionCatalogResponseSchema, 'GET', '/v3/roles/manager/permissions');
    expect(catalog.meta.pagination).toEqual({ total: 28, count: 28, per_page: 100, current_page: 1, total_pages: 1 });
    expect(catalog.data.find((p) => p.id === 'createGroup')).toMatchObject({ type: 'role', dataType: 'string', availableValues: ['allow', 'deny'], defaultValue: 'allow' });
    expect(catalog.data.find((p) => p.id === 'listUsers.allowedRoles')?.availableValues).toEqual(['default', 'manager', 'moderator']);
    const missing = await call('GET', '/v3/roles/nope/permissions');
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).error.code).toBe('ERR_ROLE_NOT_FOUND');
  });

  it('merges a PUT, answering one entry per key written plus the merged map', async () => {
    const { json, store } = createTestEmulator({ now: () => 1_763_600_000_000 });
    const result = await json(setPermissionsResponseSchema, 'PUT', '/v3/roles/default/permissions', {
      body: { permissions: { createGroup: 'deny', 'createGroup.allowedGroupTypes': ['public'], 'listUsers.allowedRoles': ['manager'], 'custom.flag': 'on' } },
    });
    expect(result.data.createGroup).toEqual({ success: true, message: 'Permission with id createGroup have been mapped successfully to role default.' });
    expect(Object.keys(result.data).sort()).toEqual(['createGroup', 'createGroup.allowedGroupTypes', 'custom.flag', 'listUsers.allowedRoles', 'permissions']);
    expect(result.data.permissions).toMatchObject({ createGroup: 'deny', 'createGroup.allowedGroupTypes': ['public'], 'listUsers.mode': 'friends', 'custom.flag': 'on' });
    expect(store.db.prepare("SELECT updated_at FROM roles WHERE role = 'default'").pluck().get()).toBe(1763600000);
    const role = await json(roleResponseSchema, 'GET', '/v3/roles/default');
    expect(role.data.permissions?.createGroup).toBe('deny');
    expect(role.data.updatedAt).toBe(1763600000);
  });

  it('rejects the whole PUT when one key is invalid, with details per key, writing nothing', async () => {
    const { call, store } = createTestEmulator();
    const before = store.db.prepare("SELECT key, value FROM role_permissions WHERE role = 'default' ORDER BY key").all();
    const response = await call('PUT', '/v3/roles/default/permissions', {
      body: { permissions: { createGroup: 'deny', sendMessage: 'maybe', 'listUsers.allowedRoles': ['ghost-role'], 'sendMessage.allowedMessageTypes': ['text', 'hologram'], 'sendMessage.allowedMimeTypes': ['not a mime'], 'listUsers.mode': ['all'] } },
    });
    expect(response.status).toBe(400);
    const { error } = errorBodySchema.parse(await response.json());
    expect(error.code).toBe('ERR_BAD_REQUEST');
    expect(Object.keys(error.details ?? {}).sort()).toEqual([
      'permissions.listUsers.allowedRoles', 'permissions.listUsers.mode', 'permissions.sendMessage', 'permissions.sendMessage.allowedMessageTypes', 'permissions.sendMessage.allowedMimeTypes',
    ]);
    expect(store.db.prepare("SELECT key, value FROM role_permissions WHERE role = 'default' ORDER BY key").all()).toEqual(before);
  });

  it('refuses unknown roles and malformed bodies', async () => {
    const { call } = createTestEmulator();
    const unknown = await call('PUT', '/v3/roles/ghost/permissions', { body: { permissions: { createGroup: 'deny' } } });
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json()).error.code).toBe('ERR_ROLE_NOT_FOUND');
    for (const body of [{}, { permissions: {} }, { permissions: { createGroup: 1 } }, { permissions: { a: 'x' }, extra: true }, { permissions: [] }]) {
      expect((await call('PUT', '/v3/roles/default/permissions', { body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('unsets one key back to its default', async () => {
    const { json, call } = createTestEmulator();
    const result = await json(unsetPermissionResponseSchema, 'DELETE', '/v3/roles/default/permissions/listUsers.mode');
    expect(result.data.permissions['listUsers.mode']).toBe('all');
    expect(result.data.permissions.initiateCall).toBe('deny');
    const unknown = await call('DELETE', '/v3/roles/default/permissions/not.a.key');
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json()).error.code).toBe('ERR_PERMISSION_NOT_FOUND');
    expect((await call('DELETE', '/v3/roles/ghost/permissions/createGroup')).status).toBe(404);
  });
});
