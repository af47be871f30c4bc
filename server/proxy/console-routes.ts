import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { auditQuerySchema } from '../../src/api/schemas/console';
import { auditCsvLines } from './audit-csv';
import { iterateAudit, queryAudit } from './audit-log';
import { mountChatServiceRoutes } from './chat-service-routes';
import { deny, type AppEnv, type Runtime } from './context';
import { errorBody } from './errors';
import { crossSiteReadProblem } from './guards';
import { mountOperatorRoutes } from './operator-routes';
import { mountReportedPermissionsRoutes } from './reported-permissions-routes';
import { requireSession } from './session-cookie';
import { fieldErrors } from './validation';

const csvExportLimit = 50_000;

/** The query with empty values dropped: `?operator=&outcome=` means no filter, as in the chat API. */
const filledQuery = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));

/** Audit actions that moderators may read, for the history of their own queue's decisions. */
const moderationActions = new Set(['blocked.review', 'messages.delete']);

/**
 * The console's own data, `/console/*`: audit trail and operator accounts, for admins only; moderators
 * may read the audit trail of moderation decisions (filtered to one of those actions).
 */
export function mountConsoleRoutes(app: Hono<AppEnv>, rt: Runtime): void {
  const { store } = rt.deps;
  mountReportedPermissionsRoutes(app, rt);

  app.use(
    '/console/*',
    createMiddleware<AppEnv>(async (c, next) => {
      const problem = c.req.method === 'GET' ? crossSiteReadProblem(c) : undefined;
      if (problem) {
        return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'Cross-site request refused.', {
          detail: problem,
        });
      }
      const session = requireSession(rt, c);
      if (session instanceof Response) return session;
      const moderationHistory =
        session.role === 'moderator' &&
        c.req.method === 'GET' &&
        c.req.path === '/console/audit' &&
        moderationActions.has(c.req.query('operation') ?? '');
      if (session.role !== 'admin' && !moderationHistory) {
        return deny(rt, c, 403, 'CONSOLE_FORBIDDEN', 'Only admins can do this.', {
          detail: 'role',
        });
      }
      await next();
    }),
  );

  app.get('/console/audit', (c) => {
    const filter = auditQuerySchema.safeParse(filledQuery(c.req.query()));
    if (!filter.success) {
      return c.json(
        errorBody('CONSOLE_BAD_REQUEST', 'Invalid filters.', fieldErrors(filter.error.issues)),
        400,
      );
    }
    return c.json(queryAudit(store, filter.data));
  });

  app.get('/console/audit.csv', (c) => {
    const filter = auditQuerySchema.safeParse(filledQuery(c.req.query()));
    if (!filter.success) {
      return c.json(
        errorBody('CONSOLE_BAD_REQUEST', 'Invalid filters.', fieldErrors(filter.error.issues)),
        400,
      );
    }
    const text = [...auditCsvLines(iterateAudit(store, filter.data, csvExportLimit))].join('');
    const day = new Date(rt.now()).toISOString().slice(0, 10);
    c.header('content-disposition', `attachment; filename="audit-${day}.csv"`);
    return c.body(text, 200, { 'content-type': 'text/csv; charset=utf-8' });
  });

  mountOperatorRoutes(app, rt);
  mountChatServiceRoutes(app, rt);
}
