import { Hono } from 'hono';
import {
  reportedRoleIdSchema,
  type ReportedPermissionsResponse,
} from '../../../src/api/schemas/reported-permissions';
import { latestReportedPermissions } from '../api/reported-permissions';
import type { AppEnv, Runtime } from '../context';
import { errorBody } from '../http/errors';

/**
 * `GET /console/roles/{role}/reported-permissions`: the role's map as the service last reported it, for
 * every operator who may read the chat service's data (everyone may read roles).
 */
export function createReportedPermissionsApp(rt: Runtime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:role/reported-permissions', async (c) => {
    const role = reportedRoleIdSchema.safeParse(c.req.param('role'));
    if (!role.success) {
      return c.json(
        errorBody('CONSOLE_BAD_REQUEST', 'Invalid role id.', {
          role: role.error.issues.map((issue) => issue.message),
        }),
        400,
      );
    }
    const body: ReportedPermissionsResponse = {
      data: await latestReportedPermissions(rt.deps.store, role.data),
    };
    return c.json(body);
  });
  return app;
}
