import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { createApiHandler } from './api-handler';
import { mountAuthRoutes } from './auth-routes';
import { mountConsoleRoutes } from './console-routes';
import { deny, type AppEnv, type ProxyDeps, type Runtime } from './context';
import { errorBody } from './errors';
import { createPoolForward, defaultTimeouts } from './forward';
import {
  basicTargetProblem,
  crossSiteProblem,
  isSafeMethod,
  knownMethods,
  normaliseHost,
  rawTarget,
} from './guards';
import { createRateLimiter } from './rate-limit';
import { readJsonBody } from './request-body';
import { sessionCookieName } from './session-cookie';
import { createStaticHandler, spaCsp } from './static-files';

export type { ProxyDeps } from './context';

const apiCsp = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The console server: operator sign-in, the audit trail and operator accounts, the closed
 * `/api` proxy that adds the chat API key, and the built SPA. Every request passes, in order:
 * shutdown check, `Host` allow-list (421), raw target check (400), method list (405), and for
 * state-changing methods the cross-site checks (403), before any route sees it.
 */
export function createProxyApp(deps: ProxyDeps): Hono<AppEnv> {
  const rt: Runtime = {
    deps,
    now: deps.now ?? Date.now,
    forward:
      deps.forward ??
      createPoolForward(deps.upstream.baseUrl, deps.timeouts ?? defaultTimeouts).forward,
    hosts: new Set(deps.allowedHosts.map(normaliseHost)),
    cookieName: sessionCookieName(deps.secure === true),
    limiter: createRateLimiter(deps.rateLimit),
  };
  const app = new Hono<AppEnv>();

  app.use(
    '*',
    createMiddleware<AppEnv>(async (c, next) => {
      const started = rt.now();
      c.set('reqId', randomUUID());
      c.set('started', started);
      c.set('session', undefined);
      c.set('log', {});
      c.set('body', undefined);
      await next();
      c.header('x-request-id', c.get('reqId'));
      c.header('x-content-type-options', 'nosniff');
      c.header('referrer-policy', 'no-referrer');
      c.header('x-frame-options', 'DENY');
      if (!c.res.headers.has('content-security-policy'))
        c.header(
          'content-security-policy',
          c.res.headers.get('content-type')?.startsWith('text/html') ? spaCsp : apiCsp,
        );
      if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
      if (deps.isClosing?.()) c.header('connection', 'close');
      deps.logger.info(
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
    }),
  );

  app.use(
    '*',
    createMiddleware<AppEnv>(async (c, next) => {
      if (deps.isClosing?.()) {
        c.header('connection', 'close');
        return c.json(
          errorBody('CONSOLE_SHUTTING_DOWN', 'The console server is shutting down.'),
          503,
        );
      }
      const host = normaliseHost(c.req.header('host') ?? '');
      if (!rt.hosts.has(host)) {
        return deny(
          rt,
          c,
          421,
          'CONSOLE_MISDIRECTED_REQUEST',
          'This host name is not served here.',
          { detail: `host ${host.slice(0, 100)}` },
        );
      }
      const target = rawTarget(c);
      const problem = basicTargetProblem(target);
      if (problem) {
        return deny(rt, c, 400, 'CONSOLE_BAD_REQUEST', 'This request path is not accepted.', {
          operation: `${c.req.method} ${target.split('?', 1)[0]?.slice(0, 200) ?? ''}`,
          detail: `target: ${problem}`,
        });
      }
      if (!knownMethods.has(c.req.method)) {
        return deny(
          rt,
          c,
          405,
          'CONSOLE_METHOD_NOT_ALLOWED',
          'This method is not allowed.',
          { detail: 'method' },
          { allow: 'GET, POST, PUT, PATCH, DELETE' },
        );
      }
      if (!isSafeMethod(c.req.method)) {
        const crossSite = crossSiteProblem(c, deps.secure === true);
        if (crossSite)
          return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'Cross-site request refused.', {
            detail: crossSite,
          });
        // A body without a content type (a Blob, say) is what a simple cross-site request can send.
        if (c.req.header('content-type') === undefined) {
          const body = await readJsonBody(c);
          if (body.kind === 'too-large')
            return deny(
              rt,
              c,
              413,
              'CONSOLE_PAYLOAD_TOO_LARGE',
              'The request body is over 1 MiB.',
              { detail: 'body too large' },
            );
          if (body.kind !== 'empty')
            return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'A request body must be JSON.', {
              detail: 'content-type',
            });
        }
      }
      await next();
    }),
  );

  const api = createApiHandler(rt);
  app.use(
    '*',
    createMiddleware<AppEnv>(async (c, next) => {
      const path = rawTarget(c).split('?', 1)[0] ?? '';
      if (path === '/api' || path.startsWith('/api/')) return api(c);
      await next();
    }),
  );

  mountAuthRoutes(app, rt);
  mountConsoleRoutes(app, rt);

  const serveStatic = deps.staticDir ? createStaticHandler(deps.staticDir) : undefined;
  app.notFound(async (c) => {
    const isApp = !/^\/(api|auth|console)(\/|$)/.test(c.req.path);
    const res = isApp && serveStatic ? await serveStatic(c) : undefined;
    return res ?? c.json(errorBody('CONSOLE_NOT_FOUND', 'Not found.'), 404);
  });

  app.onError((error, c) => {
    deps.logger.error({ reqId: c.get('reqId'), err: error }, 'unhandled error');
    return c.json(errorBody('CONSOLE_INTERNAL', 'Internal error.'), 500);
  });

  return app;
}
