import { describe, expect, it } from 'vitest';
import {
  permissionCatalogResponseSchema,
  setPermissionsBodySchema,
  setPermissionsResponseSchema,
  unsetPermissionResponseSchema,
} from './role';

describe('role schemas', () => {
  it('parses the set-permissions example: per-key results beside the merged map', () => {
    const body = {
      data: {
        sendMessage: {
          success: true,
          message: 'Permission with id sendMessage have been mapped successfully to role default.',
        },
        permissions: {
          listUsers: 'allow',
          'listUsers.mode': 'all',
          'listUsers.allowedRoles': ['new_role'],
          'sendMessage.allowedMessageTypes': ['file', 'audio', 'video', 'image', 'text'],
          'sendMessage.allowedMimeTypes': ['image/png'],
          'editMessage.denyForScopes': [],
          'sendMessage.allowedCustomTypes': null,
        },
      },
    };
    const parsed = setPermissionsResponseSchema.parse(body);
    expect(parsed.data.permissions['listUsers.allowedRoles']).toEqual(['new_role']);
    // Per-key confirmations and anything else beside `permissions` are kept as they came.
    expect(parsed.data.sendMessage).toMatchObject({ success: true });
    expect(
      setPermissionsResponseSchema.parse({ data: { ...body.data, bogus: 'x' } }).data.bogus,
    ).toBe('x');
    expect(setPermissionsResponseSchema.safeParse({ data: { sendMessage: {} } }).success).toBe(
      false,
    );
  });

  it('parses the catalog and the unset response', () => {
    const catalog = permissionCatalogResponseSchema.parse({
      data: [
        {
          id: 'createGroup',
          type: 'role',
          title: 'Allows/Denies creating groups',
          description: '',
          dataType: 'string',
          availableValues: ['allow', 'deny'],
          defaultValue: 'allow',
          createdAt: 1,
          updatedAt: 1,
        },
      ],
      meta: {
        pagination: { total: 28, count: 28, per_page: 100, current_page: 1, total_pages: 1 },
      },
    });
    expect(catalog.data[0]?.defaultValue).toBe('allow');
    expect(
      unsetPermissionResponseSchema.parse({ data: { permissions: { 'listUsers.mode': 'all' } } })
        .data.permissions,
    ).toEqual({ 'listUsers.mode': 'all' });
  });

  it('requires a non-empty permissions object and nothing else in the body', () => {
    expect(setPermissionsBodySchema.safeParse({ permissions: {} }).success).toBe(false);
    expect(
      setPermissionsBodySchema.safeParse({ permissions: { a: 'allow' }, role: 'x' }).success,
    ).toBe(false);
    expect(setPermissionsBodySchema.safeParse({ permissions: { a: 1 } }).success).toBe(false);
    expect(
      setPermissionsBodySchema.parse({
        permissions: { createGroup: 'allow', 'createGroup.allowedGroupTypes': ['public'], x: null },
      }).permissions.x,
    ).toBeNull();
  });
});
