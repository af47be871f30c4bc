import { Hono } from 'hono';
import { insightsQuerySchema, type InsightsResponse } from '../../../src/api/schemas/insights';
import type { AppEnv, Runtime } from '../context';
import { errorBody } from '../http/errors';
import { fieldErrors } from '../http/validation';
import { computeInsights } from './figures';
import { readServiceLists } from './service-lists';

/**
 * `GET /console/insights?range=24h|7d|30d`: the moderation figures of the range (see computeInsights),
 * for the roles the contract's route table allows (the console guard checks it before this runs).
 */
export function createInsightsApp(rt: Runtime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const query = insightsQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return c.json(
        errorBody(
          'CONSOLE_BAD_REQUEST',
          'Invalid insights query.',
          fieldErrors(query.error.issues),
        ),
        400,
      );
    }
    const session = c.get('session');
    const operator = session?.username ?? '(insights)';
    const { queue, flags } = await readServiceLists(rt, operator, c.req.raw.signal);
    const figures = await computeInsights(rt.deps.store, {
      range: query.data.range,
      now: rt.now(),
      queue,
    });
    const body: InsightsResponse = { data: { ...figures, flagTimeToDecision: flags } };
    return c.json(body);
  });
  return app;
}
