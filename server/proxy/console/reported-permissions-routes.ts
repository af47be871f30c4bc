import { Hono } from 'hono';
import {
  reportedRoleIdSchema,
  type ReportedPermissionsResponse,
} from '../../../src/api/schemas/reported-permissions';
import { deny, type AppEnv, type Runtime } from '../context';
import { errorBody } from '../http/errors';
import { crossSiteReadProblem } from '../http/guards';
import { latestReportedPermissions } from '../api/reported-permissions';
import { requireSession } from '../auth/session-cookie';

/**
 * `GET /console/roles/{role}/reported-permissions`: the role's map as the service last reported it, for
 * every signed-in operator (everyone may read roles). Mounted before the admin-only `/console/*` gate,
 * so it makes the same cross-site and session checks itself.
 */
export function createReportedPermissionsApp(rt: Runtime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:role/reported-permissions', (c) => {
    const problem = crossSiteReadProblem(c);
    if (problem) {
      return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'Cross-site request refused.', {
        detail: problem,
      });
    }
    const session = requireSession(rt, c);
    if (session instanceof Response) return session;
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
      data: latestReportedPermissions(rt.deps.store, role.data),
    };
    return c.json(body);
  });
  return app;
}
