import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  auditQuerySchema,
  createOperatorBodySchema,
  updateOperatorBodySchema,
} from '../../src/api/schemas/console';
import { auditCsvLines } from './audit-csv';
import { iterateAudit, queryAudit } from './audit-log';
import { audit, deny, type AppContext, type AppEnv, type Runtime } from './context';
import { errorBody, type ConsoleErrorCode } from './errors';
import { crossSiteReadProblem } from './guards';
import {
  addOperator,
  listOperators,
  OperatorError,
  removeOperator,
  setOperatorRole,
  type OperatorRecord,
} from './operators';
import { readJsonBody } from './request-body';
import { requireSession } from './session-cookie';

const toOperator = (o: OperatorRecord) => ({
  username: o.username,
  role: o.role,
  createdAt: new Date(o.createdAt).toISOString(),
});
const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const details: Record<string, string[]> = {};
  for (const issue of issues) (details[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
  return details;
};
const csvExportLimit = 50_000;

/** The console's own data: audit trail and operator accounts, for admins only. */
export function mountConsoleRoutes(app: Hono<AppEnv>, rt: Runtime): void {
  const { store } = rt.deps;

  app.use(
    '/console/*',
    createMiddleware<AppEnv>(async (c, next) => {
      const problem = c.req.method === 'GET' ? crossSiteReadProblem(c) : undefined;
      if (problem)
        return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'Cross-site request refused.', {
          detail: problem,
        });
      const session = requireSession(rt, c);
      if (session instanceof Response) return session;
      if (session.role !== 'admin')
        return deny(rt, c, 403, 'CONSOLE_FORBIDDEN', 'Only admins can do this.', {
          detail: 'role',
        });
      await next();
    }),
  );

  const failWith = (
    c: AppContext,
    fields: { action: string; operation: string; target: string },
    status: ContentfulStatusCode,
    code: ConsoleErrorCode,
    message: string,
    details?: Record<string, string[]>,
  ) => {
    audit(rt, c, { ...fields, status, outcome: 'failed', detail: message });
    return c.json(errorBody(code, message, details), status);
  };
  const operatorFailure = (
    c: AppContext,
    fields: { action: string; operation: string; target: string },
    error: unknown,
  ) => {
    if (!(error instanceof OperatorError)) throw error;
    const status = error.code === 'INVALID' ? 400 : error.code === 'NOT_FOUND' ? 404 : 409;
    const code =
      error.code === 'INVALID'
        ? 'CONSOLE_BAD_REQUEST'
        : error.code === 'NOT_FOUND'
          ? 'CONSOLE_NOT_FOUND'
          : 'CONSOLE_CONFLICT';
    return failWith(c, fields, status, code, error.message, error.details);
  };

  app.get('/console/audit', (c) => {
    const filter = auditQuerySchema.safeParse(c.req.query());
    if (!filter.success)
      return c.json(
        errorBody('CONSOLE_BAD_REQUEST', 'Invalid filters.', fieldErrors(filter.error.issues)),
        400,
      );
    return c.json(queryAudit(store, filter.data));
  });

  app.get('/console/audit.csv', (c) => {
    const filter = auditQuerySchema.safeParse(c.req.query());
    if (!filter.success)
      return c.json(
        errorBody('CONSOLE_BAD_REQUEST', 'Invalid filters.', fieldErrors(filter.error.issues)),
        400,
      );
    const text = [...auditCsvLines(iterateAudit(store, filter.data, csvExportLimit))].join('');
    const day = new Date(rt.now()).toISOString().slice(0, 10);
    c.header('content-disposition', `attachment; filename="audit-${day}.csv"`);
    return c.body(text, 200, { 'content-type': 'text/csv; charset=utf-8' });
  });

  app.get('/console/operators', (c) => c.json({ data: listOperators(store).map(toOperator) }));

  app.post('/console/operators', async (c) => {
    const read = await readJsonBody(c, 16 * 1024);
    const fields = { action: 'operators.add', operation: 'POST /console/operators', target: '' };
    const parsed = createOperatorBodySchema.safeParse(
      read.kind === 'json' ? read.value : undefined,
    );
    if (!parsed.success)
      return failWith(
        c,
        fields,
        400,
        'CONSOLE_BAD_REQUEST',
        'Invalid operator.',
        fieldErrors(parsed.error.issues),
      );
    fields.target = `username=${parsed.data.username}`;
    try {
      const created = await addOperator(store, parsed.data, {
        now: rt.now(),
        hashCost: rt.deps.passwordHashCost,
      });
      audit(rt, c, { ...fields, status: 201, outcome: 'ok', detail: `role=${created.role}` });
      return c.json({ data: toOperator(created) }, 201);
    } catch (error) {
      return operatorFailure(c, fields, error);
    }
  });

  app.patch('/console/operators/:username', async (c) => {
    const username = c.req.param('username');
    const fields = {
      action: 'operators.set-role',
      operation: 'PATCH /console/operators/{username}',
      target: `username=${username}`,
    };
    const read = await readJsonBody(c, 16 * 1024);
    const parsed = updateOperatorBodySchema.safeParse(
      read.kind === 'json' ? read.value : undefined,
    );
    if (!parsed.success)
      return failWith(
        c,
        fields,
        400,
        'CONSOLE_BAD_REQUEST',
        'Invalid role.',
        fieldErrors(parsed.error.issues),
      );
    try {
      const updated = setOperatorRole(store, username, parsed.data.role);
      audit(rt, c, { ...fields, status: 200, outcome: 'ok', detail: `role=${updated.role}` });
      return c.json({ data: toOperator(updated) });
    } catch (error) {
      return operatorFailure(c, fields, error);
    }
  });

  app.delete('/console/operators/:username', (c) => {
    const username = c.req.param('username');
    const fields = {
      action: 'operators.remove',
      operation: 'DELETE /console/operators/{username}',
      target: `username=${username}`,
    };
    if (username === c.get('session')?.username) {
      return failWith(c, fields, 409, 'CONSOLE_CONFLICT', 'You cannot remove your own account.');
    }
    try {
      removeOperator(store, username);
      audit(rt, c, { ...fields, status: 204, outcome: 'ok' });
      return c.body(null, 204);
    } catch (error) {
      return operatorFailure(c, fields, error);
    }
  });
}
