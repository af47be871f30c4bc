import { Hono } from 'hono';
import { z } from 'zod';
import { pageQuerySchema, queryIdSchema } from '../../../src/api/schemas/query';
import { setPermissionsBodySchema } from '../../../src/api/schemas/role';
import { inTransaction, type EmulatorContext } from '../context';
import { badRequest, ChatApiError, roleNotFound, type ErrorDetails } from '../http-errors';
import { pageMeta } from '../paging';
import { catalogById, catalogCreatedAt, permissionCatalog } from '../permission-catalog';
import { permissionProblem } from '../permission-rules';
import {
  effectivePermissions,
  explicitPermissions,
  findRole,
  roleIds,
  toRole,
  type RoleRow,
} from '../repo/roles';
import { sql } from '../statements';
import { parseBody, parseParam, parseQuery } from '../validation';

const permissionKeySchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,99}$/, { error: 'The permission key is invalid.' });

export function roleRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const existingRole = (role: string) => {
    const row = findRole(ctx.db, role);
    if (!row) throw roleNotFound(role);
    return row;
  };

  app.get('/', (c) => {
    const q = parseQuery(c, pageQuerySchema);
    const total =
      sql<{ total: number }>(ctx.db, 'SELECT count(*) AS total FROM roles').get()?.total ?? 0;
    const rows = sql<RoleRow>(
      ctx.db,
      'SELECT * FROM roles ORDER BY created_at, role LIMIT ? OFFSET ?',
    ).all(q.perPage, (q.page - 1) * q.perPage);
    return c.json({
      data: rows.map((row) => toRole(row)),
      meta: pageMeta(total, rows.length, q.perPage, q.page),
    });
  });

  app.get('/:role', (c) => {
    const role = parseParam(c, 'role', queryIdSchema);
    return c.json({ data: toRole(existingRole(role)) });
  });

  app.get('/:role/permissions', (c) => {
    const role = parseParam(c, 'role', queryIdSchema);
    existingRole(role);
    const roles = roleIds(ctx.db);
    const data = permissionCatalog.map((entry) => ({
      id: entry.id,
      type: 'role',
      title: entry.title,
      description: entry.description,
      dataType: entry.dataType,
      availableValues: entry.dataType === 'rolesStringArray' ? roles : [...entry.availableValues],
      defaultValue: entry.defaultValue,
      createdAt: catalogCreatedAt,
      updatedAt: catalogCreatedAt,
    }));
    return c.json({ data, meta: pageMeta(data.length, data.length, 100, 1) });
  });

  app.put('/:role/permissions', async (c) => {
    const role = parseParam(c, 'role', queryIdSchema);
    const body = await parseBody(c, setPermissionsBodySchema);
    const result = inTransaction(ctx, () => {
      existingRole(role);
      const roles = roleIds(ctx.db);
      const details: ErrorDetails = {};
      for (const [key, value] of Object.entries(body.permissions)) {
        const problem = permissionProblem(key, value, roles);
        if (problem) details[`permissions.${key}`] = [problem];
      }
      // All or nothing: one invalid key and no key is written.
      if (Object.keys(details).length > 0) throw badRequest(details);
      const write = sql(
        ctx.db,
        'INSERT OR REPLACE INTO role_permissions (role, key, value) VALUES (?, ?, ?)',
      );
      const written: Record<string, { success: boolean; message: string }> = {};
      for (const [key, value] of Object.entries(body.permissions)) {
        write.run(role, key, JSON.stringify(value));
        written[key] = {
          success: true,
          message: `Permission with id ${key} have been mapped successfully to role ${role}.`,
        };
      }
      sql(ctx.db, 'UPDATE roles SET updated_at = ? WHERE role = ?').run(ctx.nowSeconds(), role);
      return { ...written, permissions: effectivePermissions(ctx.db, role) };
    });
    return c.json({ data: result });
  });

  app.delete('/:role/permissions/:permission', (c) => {
    const role = parseParam(c, 'role', queryIdSchema);
    const key = parseParam(c, 'permission', permissionKeySchema);
    const permissions = inTransaction(ctx, () => {
      existingRole(role);
      if (!catalogById.has(key) && !explicitPermissions(ctx.db, role).has(key)) {
        throw new ChatApiError(
          404,
          'ERR_PERMISSION_NOT_FOUND',
          `The permission ${key} is not a known permission and is not set on role ${role}.`,
        );
      }
      const { changes } = sql(
        ctx.db,
        'DELETE FROM role_permissions WHERE role = ? AND key = ?',
      ).run(role, key);
      if (changes > 0)
        sql(ctx.db, 'UPDATE roles SET updated_at = ? WHERE role = ?').run(ctx.nowSeconds(), role);
      return effectivePermissions(ctx.db, role);
    });
    return c.json({ data: { permissions } });
  });

  return app;
}
