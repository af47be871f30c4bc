import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Runtime } from './context';
import { spaCsp } from './static-files';

const apiCsp = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Outermost layer: a request id, the security headers every answer carries, and one structured
 * log line per request (path without query: sign-in tokens and searches stay out of logs).
 */
export function requestLog(rt: Runtime) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = rt.now();
    c.set('reqId', randomUUID());
    c.set('started', started);
    c.set('session', undefined);
    c.set('log', {});
    c.set('body', undefined);
    await next();
    const isHtml = c.res.headers.get('content-type')?.startsWith('text/html') === true;
    c.header('x-request-id', c.get('reqId'));
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'no-referrer');
    c.header('x-frame-options', 'DENY');
    if (!c.res.headers.has('content-security-policy'))
      c.header('content-security-policy', isHtml ? spaCsp : apiCsp);
    if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
    if (rt.deps.isClosing?.()) c.header('connection', 'close');
    rt.deps.logger.info(
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
