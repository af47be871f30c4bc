import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { auditQuerySchema } from '../../../src/api/schemas/console';
import { auditCsvLines } from './audit-csv';
import { iterateAudit, queryAudit } from '../store/audit-log';
import { createChatServiceApp } from './chat-service-routes';
import { deny, type AppEnv, type Runtime } from '../context';
import { errorBody } from '../http/errors';
import { crossSiteReadProblem } from '../http/guards';
import { createOperatorsApp } from './operator-routes';
import { createReportedPermissionsApp } from './reported-permissions-routes';
import { requireSession } from '../auth/session-cookie';
import { fieldErrors } from '../http/validation';

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
export function createConsoleApp(rt: Runtime): Hono<AppEnv> {
  const { store } = rt.deps;
  const app = new Hono<AppEnv>();
  // Before the admin gate: every signed-in operator may read what the service reported.
  app.route('/roles', createReportedPermissionsApp(rt));

  app.use(
    '*',
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

  app.get('/audit', (c) => {
    const filter = auditQuerySchema.safeParse(filledQuery(c.req.query()));
    if (!filter.success) {
      return c.json(
        errorBody('CONSOLE_BAD_REQUEST', 'Invalid filters.', fieldErrors(filter.error.issues)),
        400,
      );
    }
    return c.json(queryAudit(store, filter.data));
  });

  app.get('/audit.csv', (c) => {
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

  app.route('/operators', createOperatorsApp(rt));
  app.route('/chat-service', createChatServiceApp(rt));
  return app;
}
