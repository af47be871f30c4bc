import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/api/schemas/common';
import {
  permissionCatalogResponseSchema,
  roleListResponseSchema,
  roleResponseSchema,
  setPermissionsResponseSchema,
  unsetPermissionResponseSchema,
} from '../../../src/api/schemas/role';
import { createTestEmulator } from '../test-support';

/** A permission write's answer as sent: one `{ success, message }` per key written beside `permissions`. */
const writtenSchema = z.object({
  data: z.record(z.string(), z.unknown()).and(
    z.object({
      permissions: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.null()])),
    }),
  ),
});

describe('roles', () => {
  it('lists roles with page meta and gets one as documented: no permissions member', async () => {
    const { json, body } = createTestEmulator();
    const list = await json(roleListResponseSchema, 'GET', '/v3/roles');
    expect(list.data.map((r) => r.role)).toEqual(['default', 'manager', 'moderator']);
    expect(list.meta.pagination.total).toBe(3);
    expect(list.data[1]).toMatchObject({
      metadata: { email: 'community-leads@example.com' },
      settings: { listUsers: 'all', sendMessagesTo: 'all' },
    });
    const role = await body('GET', '/v3/roles/default');
    expect(role).toEqual({
      data: {
        role: 'default',
        name: 'Default Role',
        description: 'This role gives full access ',
        createdAt: 1720300000,
        updatedAt: 1720300000,
      },
    });
    expect((await json(roleResponseSchema, 'GET', '/v3/roles/manager')).data).not.toHaveProperty(
      'permissions',
    );
  });

  it('serves the 28-key catalog; roles arrays offer the existing roles', async () => {
    const { json, call } = createTestEmulator();
    const catalog = await json(
      permissionCatalogResponseSchema,
      'GET',
      '/v3/roles/manager/permissions',
    );
    expect(catalog.meta.pagination).toEqual({
      total: 28,
      count: 28,
      per_page: 100,
      current_page: 1,
      total_pages: 1,
    });
    expect(catalog.data.find((p) => p.id === 'createGroup')).toMatchObject({
      type: 'role',
      dataType: 'string',
      availableValues: ['allow', 'deny'],
      defaultValue: 'allow',
    });
    expect(catalog.data.find((p) => p.id === 'listUsers.allowedRoles')?.availableValues).toEqual([
      'default',
      'manager',
      'moderator',
    ]);
    const missing = await call('GET', '/v3/roles/nope/permissions');
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).error.code).toBe('ERR_ROLE_NOT_FOUND');
  });

  it('merges a PUT, answering one entry per key written plus the merged map', async () => {
    const { json, body: send, store } = createTestEmulator({ now: () => 1_763_600_000_000 });
    const body = {
      permissions: {
        createGroup: 'deny',
        'createGroup.allowedGroupTypes': ['public'],
        'listUsers.allowedRoles': ['manager'],
        'custom.flag': 'on',
      },
    };
    const raw = await send('PUT', '/v3/roles/default/permissions', { body });
    setPermissionsResponseSchema.parse(raw);
    const result = writtenSchema.parse(raw);
    expect(result.data.createGroup).toEqual({
      success: true,
      message: 'Permission with id createGroup have been mapped successfully to role default.',
    });
    expect(Object.keys(result.data).sort()).toEqual([
      'createGroup',
      'createGroup.allowedGroupTypes',
      'custom.flag',
      'listUsers.allowedRoles',
      'permissions',
    ]);
    // The full merged map: every catalog key (its default unless set) and the other keys the role set.
    expect(Object.keys(result.data.permissions)).toHaveLength(29);
    expect(result.data.permissions).toMatchObject({
      createGroup: 'deny',
      'createGroup.allowedGroupTypes': ['public'],
      'listUsers.mode': 'friends',
      initiateCall: 'deny',
      'sendMessage.allowedMimeTypes': [],
      'custom.flag': 'on',
    });
    expect(
      store.db.prepare("SELECT updated_at FROM roles WHERE role = 'default'").pluck().get(),
    ).toBe(1763600000);
    const role = await json(roleResponseSchema, 'GET', '/v3/roles/default');
    expect(role.data.updatedAt).toBe(1763600000);
  });

  it('rejects the whole PUT when one key is invalid, with details per key, writing nothing', async () => {
    const { call, store } = createTestEmulator();
    const before = store.db
      .prepare("SELECT key, value FROM role_permissions WHERE role = 'default' ORDER BY key")
      .all();
    const response = await call('PUT', '/v3/roles/default/permissions', {
      body: {
        permissions: {
          createGroup: 'deny',
          sendMessage: 'maybe',
          'listUsers.allowedRoles': ['ghost-role'],
          'sendMessage.allowedMessageTypes': ['text', 'hologram'],
          'sendMessage.allowedMimeTypes': ['not a mime'],
          'listUsers.mode': ['all'],
        },
      },
    });
    expect(response.status).toBe(400);
    const { error } = errorBodySchema.parse(await response.json());
    expect(error.code).toBe('ERR_BAD_REQUEST');
    expect(Object.keys(error.details ?? {}).sort()).toEqual([
      'permissions.listUsers.allowedRoles',
      'permissions.listUsers.mode',
      'permissions.sendMessage',
      'permissions.sendMessage.allowedMessageTypes',
      'permissions.sendMessage.allowedMimeTypes',
    ]);
    expect(
      store.db
        .prepare("SELECT key, value FROM role_permissions WHERE role = 'default' ORDER BY key")
        .all(),
    ).toEqual(before);
  });

  it('refuses unknown roles and malformed bodies', async () => {
    const { call } = createTestEmulator();
    const unknown = await call('PUT', '/v3/roles/ghost/permissions', {
      body: { permissions: { createGroup: 'deny' } },
    });
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json()).error.code).toBe('ERR_ROLE_NOT_FOUND');
    for (const body of [
      {},
      { permissions: {} },
      { permissions: { createGroup: 1 } },
      { permissions: { a: 'x' }, extra: true },
      { permissions: [] },
    ]) {
      expect(
        (await call('PUT', '/v3/roles/default/permissions', { body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it('unsets one key back to its default, answering the full map', async () => {
    const { body, call } = createTestEmulator();
    const raw = await body('DELETE', '/v3/roles/default/permissions/listUsers.mode');
    unsetPermissionResponseSchema.parse(raw);
    const result = writtenSchema.parse(raw);
    expect(Object.keys(result.data)).toEqual(['permissions']);
    expect(Object.keys(result.data.permissions)).toHaveLength(28);
    expect(result.data.permissions).toMatchObject({
      'listUsers.mode': 'all',
      initiateCall: 'deny',
      'editMessage.denyForScopes': [],
      'sendMessage.allowedCustomTypes': [],
    });
    const unknown = await call('DELETE', '/v3/roles/default/permissions/not.a.key');
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json()).error.code).toBe('ERR_PERMISSION_NOT_FOUND');
    expect((await call('DELETE', '/v3/roles/ghost/permissions/createGroup')).status).toBe(404);
  });
});
