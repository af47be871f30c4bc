import { createMiddleware } from 'hono/factory';
import { findConsoleRoute, mayUseConsoleRoute } from '../../../src/api/contract/console-routes';
import { requireSession } from '../auth/session-cookie';
import { deny } from '../request-audit';
import type { AppEnv, Runtime } from '../context';
import { crossSiteReadProblem, isSafeMethod } from '../http/guards';

/**
 * Before every `/console/*` route: the cross-site read check, the session, and the capability the
 * contract's route table names for the route. A route missing from that table is refused, so a new
 * route cannot go out without its capability.
 */
export function consoleGuard(rt: Runtime) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const problem = isSafeMethod(c.req.method) ? crossSiteReadProblem(c) : undefined;
    if (problem) {
      return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'Cross-site request refused.', {
        detail: problem,
      });
    }
    const session = await requireSession(rt, c);
    if (session instanceof Response) return session;
    const route = findConsoleRoute(c.req.method, c.req.path);
    if (!route) {
      return deny(rt, c, 404, 'CONSOLE_NOT_FOUND', 'Not found.', { detail: 'not a console route' });
    }
    if (!mayUseConsoleRoute(session.role, route, c.req.query())) {
      return deny(rt, c, 403, 'CONSOLE_FORBIDDEN', `The ${session.role} role cannot do this.`, {
        detail: 'role',
      });
    }
    await next();
  });
}
