import { createMiddleware } from 'hono/factory';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Runtime } from '../context';
import { createLogBudget } from './log-budget';
import { spaCsp } from './html-page';

const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);

const apiCsp = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The headers every answer carries whatever its type. Hono's other defaults stay off, so answers are
 * what they were before the middleware: HSTS belongs to the TLS-terminating proxy (the console
 * itself may run on plain http), and the cross-origin and legacy headers were never sent.
 */
const fixedHeaders = secureHeaders({
  xContentTypeOptions: true,
  referrerPolicy: true,
  xFrameOptions: 'DENY',
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * Outermost layers, in order: a new request id (Hono's requestId; a client's `X-Request-Id` is not
 * taken, since the audit trail records the id: decision 0047), the fixed security headers (Hono's
 * secureHeaders), then requestLog.
 */
export const requestLayers = (rt: Runtime) => [
  requestId({ headerName: '' }),
  fixedHeaders,
  requestLog(rt),
];

/**
 * The request's state, the headers that depend on the answer (its id, the policy for its type,
 * no caching unless it says otherwise, `Connection: close` while closing), and one structured
 * log line per request (path without query: sign-in tokens and searches stay out of logs), within
 * the log's bounds: repeated refusals are counted, not logged one by one (see createLogBudget).
 */
function requestLog(rt: Runtime) {
  const budget = createLogBudget(rt.deps.logger, rt.now);
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = rt.now();
    c.set('started', started);
    c.set('session', undefined);
    c.set('log', {});
    c.set('body', undefined);
    await next();
    // Set on the finished response's own headers: c.header() at this point would rebuild the
    // response around its body as a stream, once per header.
    const headers = c.res.headers;
    const isHtml = headers.get('content-type')?.startsWith('text/html') === true;
    headers.set('x-request-id', c.get('requestId'));
    if (!headers.has('content-security-policy'))
      headers.set('content-security-policy', isHtml ? spaCsp : apiCsp);
    if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
    if (rt.deps.isClosing?.()) headers.set('connection', 'close');
    // Health checks and scrapes come every few seconds: logged at debug unless they fail.
    const routine = quietPaths.has(c.req.path) && c.res.status < 400;
    if (!routine && !budget.admit(refusalKind(c.res.status, c.get('log')))) return;
    rt.deps.logger[routine ? 'debug' : 'info'](
      {
        reqId: c.get('requestId'),
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
