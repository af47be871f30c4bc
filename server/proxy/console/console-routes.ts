import { Hono } from 'hono';
import { auditQuerySchema } from '../../../src/api/schemas/console';
import type { AppEnv, Runtime } from '../context';
import { errorBody } from '../http/errors';
import { fieldErrors } from '../http/validation';
import { queryAudit } from '../audit/audit-query';
import { auditCsvStream } from '../audit/audit-export';
import { createChatServiceApp } from './chat-service-routes';
import { consoleGuard } from './console-guard';
import { createOperatorsApp } from './operator-routes';
import { createReportedPermissionsApp } from './reported-permissions-routes';
import { createInsightsApp } from '../insights/insights-routes';
import { createLiveQueueApp } from '../live/live-routes';
import type { LiveQueues } from '../live/live-queue';

const csvExportLimit = 50_000;

/** The query with empty values dropped: `?operator=&outcome=` means no filter, as in the chat API. */
const filledQuery = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));

/**
 * The console's own data, `/console/*`: the audit trail, operator accounts, the chat-service check
 * and reported permissions, each for the roles the contract's route table allows (see consoleGuard).
 */
export function createConsoleApp(rt: Runtime, live: LiveQueues): Hono<AppEnv> {
  const { store } = rt.deps;
  const app = new Hono<AppEnv>();
  app.use('*', consoleGuard(rt));

  app.get('/audit', async (c) => {
    const filter = auditQuerySchema.safeParse(filledQuery(c.req.query()));
    if (!filter.success) {
      return c.json(
        errorBody('CONSOLE_BAD_REQUEST', 'Invalid filters.', fieldErrors(filter.error.issues)),
        400,
      );
    }
    return c.json(await queryAudit(store, filter.data));
  });

  app.get('/audit.csv', (c) => {
    const filter = auditQuerySchema.safeParse(filledQuery(c.req.query()));
    if (!filter.success) {
      return c.json(
        errorBody('CONSOLE_BAD_REQUEST', 'Invalid filters.', fieldErrors(filter.error.issues)),
        400,
      );
    }
    const day = new Date(rt.now()).toISOString().slice(0, 10);
    c.header('content-disposition', `attachment; filename="audit-${day}.csv"`);
    return c.body(auditCsvStream(store, filter.data, csvExportLimit), 200, {
      'content-type': 'text/csv; charset=utf-8',
    });
  });

  app.route('/operators', createOperatorsApp(rt));
  app.route('/chat-service', createChatServiceApp(rt));
  app.route('/roles', createReportedPermissionsApp(rt));
  app.route('/insights', createInsightsApp(rt));
  app.route('/queue', createLiveQueueApp(rt, live));
  return app;
}
