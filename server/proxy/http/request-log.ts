import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Runtime } from '../context';
import { createLogBudget } from './log-budget';
import { spaCsp } from './html-page';

const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);

const apiCsp = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Outermost layer: a request id, the security headers every answer carries, and one structured
 * log line per request (path without query: sign-in tokens and searches stay out of logs), within
 * the log's bounds: repeated refusals are counted, not logged one by one (see createLogBudget).
 */
export function requestLog(rt: Runtime) {
  const budget = createLogBudget(rt.deps.logger, rt.now);
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = rt.now();
    c.set('reqId', randomUUID());
    c.set('started', started);
    c.set('session', undefined);
    c.set('log', {});
    c.set('body', undefined);
    await next();
    // Set on the finished response's own headers: c.header() at this point would rebuild the
    // response around its body as a stream, once per header.
    const headers = c.res.headers;
    const isHtml = headers.get('content-type')?.startsWith('text/html') === true;
    headers.set('x-request-id', c.get('reqId'));
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'no-referrer');
    headers.set('x-frame-options', 'DENY');
    if (!headers.has('content-security-policy'))
      headers.set('content-security-policy', isHtml ? spaCsp : apiCsp);
    if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
    if (rt.deps.isClosing?.()) headers.set('connection', 'close');
    // Health checks and scrapes come every few seconds: logged at debug unless they fail.
    const routine = quietPaths.has(c.req.path) && c.res.status < 400;
    if (!routine && !budget.admit(refusalKind(c.res.status, c.get('log')))) return;
    rt.deps.logger[routine ? 'debug' : 'info'](
      {
        reqId: c.get('reqId'),
        method: c.req.method,
        path: c.req.path.slice(0, 300),
        status: c.res.status,
        durationMs: rt.now() - started,
        ...c.get('log'),
      },
      'request',
    );
  });
}

/** A refused request's kind for the log's counts ("429 rate limited", "401 no session"). */
function refusalKind(status: number, log: Record<string, unknown>): string | undefined {
  if (log.rateLimited === true) return `${status} rate limited`;
  const denied = log.denied;
  return typeof denied === 'string' && status >= 400
    ? `${status} ${denied.slice(0, 60)}`
    : undefined;
}
