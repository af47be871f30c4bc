import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Runtime } from '../context';
import { rawTarget } from '../http/guards';
import { createApiHandler } from './api-handler';

/**
 * `/api/*`, the closed proxy to the chat service (see createApiHandler). Chosen on the raw target
 * rather than Hono's decoded path, so `/%61pi/users` is not an API call; other paths pass on.
 */
export function createApiApp(rt: Runtime): Hono<AppEnv> {
  const api = createApiHandler(rt);
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    createMiddleware<AppEnv>(async (c, next) => {
      const path = rawTarget(c).split('?', 1)[0] ?? '';
      if (path === '/api' || path.startsWith('/api/')) return api(c);
      await next();
    }),
  );
  return app;
}
