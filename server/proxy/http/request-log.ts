import { createMiddleware } from 'hono/factory';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Runtime } from '../context';
import { createLogBudget } from './log-budget';
import { plainLineLogger } from './logger';
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

/** The fixed headers of `fixedHeaders`, for answers written without Hono (the read path). */
const fixedHeaderList: readonly (readonly [string, string])[] = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'no-referrer'],
  ['x-frame-options', 'DENY'],
];

/**
 * Every header of an answer written without Hono (the read path), as a flat list of names and
 * values: Node's `writeHead` takes it as it is, where an object is first built up name by name.
 * The fixed headers, the answer's own (which win), its length, then answerHeaders.
 */
export function answerHeaderList(
  rt: Runtime,
  reqId: string,
  headers: Readonly<Record<string, string>>,
  length: number,
): string[] {
  const list: string[] = [];
  for (const [name, value] of fixedHeaderList)
    if (headers[name] === undefined) list.push(name, value);
  for (const name in headers) list.push(name, headers[name] ?? '');
  list.push('content-length', String(length));
  for (const [name, value] of answerHeaders(rt, reqId, (n) => headers[n])) list.push(name, value);
  return list;
}

/**
 * The headers that depend on the answer, as [name, value] to set: its id, the policy for its type,
 * no caching unless it says otherwise, `Connection: close` while closing.
 */
export function answerHeaders(
  rt: Runtime,
  reqId: string,
  get: (name: string) => string | null | undefined,
): [string, string][] {
  const isHtml = get('content-type')?.startsWith('text/html') === true;
  const set: [string, string][] = [['x-request-id', reqId]];
  if (get('content-security-policy') == null)
    set.push(['content-security-policy', isHtml ? spaCsp : apiCsp]);
  if (get('cache-control') == null) set.push(['cache-control', 'no-store']);
  if (rt.deps.isClosing?.()) set.push(['connection', 'close']);
  return set;
}

export interface RequestLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  started: number;
  /** Extra fields (operator, action, upstream status, why refused). */
  log: Record<string, unknown>;
}

const loggers = new WeakMap<Runtime, (line: RequestLine) => void>();

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/**
 * Writes one structured log line per request (path without query: sign-in tokens and searches stay
 * out of logs), within the log's bounds: repeated refusals are counted, not logged one by one (see
 * createLogBudget). One per runtime, so the app and the read path share the bounds.
 */
export function requestLogger(rt: Runtime): (line: RequestLine) => void {
  let write = loggers.get(rt);
  if (write) return write;
  const budget = createLogBudget(rt.deps.logger, rt.now);
  const plainLines = plainLineLogger(rt.deps.logger);
  write = ({ reqId, method, path, status, started, log }) => {
    // Health checks and scrapes come every few seconds: logged at debug unless they fail.
    const routine = quietPaths.has(path) && status < 400;
    if (!routine && !budget.admit(refusalKind(status, log))) return;
    // A field holding an object is looked into by the logger's whole redaction.
    const logger = Object.values(log).every(isPlain) ? plainLines : rt.deps.logger;
    logger[routine ? 'debug' : 'info'](
      { reqId, method, path: path.slice(0, 300), status, durationMs: rt.now() - started, ...log },
      'request',
    );
  };
  loggers.set(rt, write);
  return write;
}

/** The request's state, then the headers that depend on the answer and its log line. */
function requestLog(rt: Runtime) {
  const logLine = requestLogger(rt);
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
    for (const [name, value] of answerHeaders(rt, c.get('requestId'), (n) => headers.get(n)))
      headers.set(name, value);
    logLine({
      reqId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      started,
      log: c.get('log'),
    });
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
