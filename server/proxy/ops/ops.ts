import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { findConsoleRoute } from '../../../src/api/contract/console-routes';
import { parseApiTarget } from '../api/api-target';
import { matchOperation } from '../../../src/api/contract/match';
import { countLiveSessions } from '../auth/sessions';
import type { AppEnv, Runtime } from '../context';
import type { OpsOptions } from '../deps';
import { errorBody } from '../http/errors';
import { rawTarget } from '../http/guards';
import { onAuditWrite } from '../audit/audit-events';
import { createHealthApp } from './health-routes';
import { createMetricsApp } from './metrics-routes';
import { createUpstreamWatch } from './upstream-watch';

const authPaths = new Set([
  '/auth/login',
  '/auth/logout',
  '/auth/me',
  '/auth/one-time',
  '/auth/password',
  '/auth/methods',
  '/auth/sso/start',
  '/auth/sso/callback',
]);
const opsPaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The operation a request is counted under: a catalogue name for `/api` (`users.list`), the route
 * template for `/console` and `/auth`, or a fixed word. Never the path itself: a uid or id in a path
 * would make a label per user.
 */
export function requestOperation(method: string, target: string, path: string): string {
  if (path === '/api' || path.startsWith('/api/')) {
    const parsed = parseApiTarget(target);
    if (!parsed.ok) return 'api.invalid';
    const match = matchOperation(method, parsed.segments);
    return match.kind === 'operation' ? match.op.name : 'api.unknown';
  }
  if (path.startsWith('/console/')) {
    const route = findConsoleRoute(method, path);
    return route ? `${route.method} ${route.template}` : 'console.unknown';
  }
  if (authPaths.has(path)) return `${method === 'HEAD' ? 'GET' : method} ${path}`;
  if (path.startsWith('/auth/')) return 'auth.unknown';
  if (opsPaths.has(path)) return path.slice(1);
  return method === 'GET' || method === 'HEAD' ? 'app' : 'other';
}

/**
 * Wires health, readiness and metrics into a console app: watches every upstream call (wrapping
 * `rt.forward`), counts requests and audit writes, and returns the routes to mount.
 */
export function createOps(rt: Runtime, opts: OpsOptions = {}) {
  const { metrics } = opts;
  const watch = createUpstreamWatch({
    baseUrl: rt.deps.upstream.baseUrl,
    now: rt.now,
    onCall: metrics ? (call) => metrics.upstream(call) : undefined,
  });
  rt.forward = watch.watch(rt.forward);
  if (metrics) {
    metrics.bind({
      activeSessions: () => countLiveSessions(rt.deps.store, rt.now()),
      gate: () => rt.gate.load(),
    });
    onAuditWrite(rt.deps.store, (outcome) => metrics.audit(outcome));
  }

  const countRequests = createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (!metrics) return;
    const operation = requestOperation(c.req.method, rawTarget(c), c.req.path);
    metrics.request(operation, c.res.status, c.get('session')?.role ?? 'none');
  });

  const routes = new Hono<AppEnv>();
  routes.route('/', createHealthApp(rt, watch, opts.readiness));
  if (metrics && opts.metricsToken) routes.route('/', createMetricsApp(metrics, opts.metricsToken));
  // Otherwise no metrics here at all: a 404, not the SPA's page for an unknown path.
  else routes.all('/metrics', (c) => c.json(errorBody('CONSOLE_NOT_FOUND', 'Not found.'), 404));
  return { countRequests, routes, watch };
}
