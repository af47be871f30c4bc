import { Hono } from 'hono';
import { createAnswerCheck } from './api/answer-check';
import { createApiApp } from './api/api-app';
import { createReadPath, type ReadPath } from './api/read-path';
import { createPoolForward, defaultTimeouts } from './api/forward';
import { createReportedPermissionsObserver } from './api/reported-permissions';
import { createUpstreamGate } from './api/upstream-gate';
import { createDenialCoalescer } from './audit/denial-coalescer';
import { createAuthApp, sessionBody } from './auth/auth-routes';
import { authenticate, sessionCookieName } from './auth/session-cookie';
import { createSsoClient } from './auth/sso-client';
import { createSsoApp } from './auth/sso-routes';
import { createConsoleApp } from './console/console-routes';
import { createModerationItemsObserver } from './insights/moderation-items';
import type { AppEnv, Runtime } from './context';
import type { ProxyDeps, ProxyTestHooks } from './deps';
import { errorBody } from './http/errors';
import { gatekeeper } from './http/gatekeeper';
import { normaliseHost } from './http/guards';
import { isPageNavigation, refusalPage } from './http/refusal-page';
import { requestLayers } from './http/request-log';
import { pageReadsAs } from './http/page-reads';
import { createStaticHandler } from './http/static-files';
import { createOps } from './ops/ops';
import { createLiveQueues, type LiveQueues } from './live/live-queue';
import { realTimers } from './live/queue-poller';
import { defaultScryptCost } from './auth/passwords';
import { rateLimiterFor } from './store/rate-buckets';
import { isStoreUnavailable, storeUnavailableReply } from './store/store-unavailable';

export type { ProxyDeps, ProxyTestHooks } from './deps';

/** The test hooks as production runs them. */
export const productionHooks: ProxyTestHooks = {
  now: Date.now,
  passwordHashCost: defaultScryptCost,
  ssoClient: undefined,
  liveTimers: realTimers,
};

/**
 * The console server: operator sign-in, the audit trail and operator accounts, the closed
 * `/api` proxy that adds the chat API key, and the built SPA. Every request passes, in order:
 * shutdown check, `Host` allow-list (421), raw target check (400), method list (405), and for
 * state-changing methods the cross-site checks (403), before any route sees it.
 */
export function createProxyApp(
  deps: ProxyDeps,
  testHooks: Partial<ProxyTestHooks> = {},
): Hono<AppEnv> {
  return createConsoleServer(deps, testHooks).app;
}

/** The console app, and the read path (decision 0061) that answers admitted reads before it. */
export function createConsoleServer(
  deps: ProxyDeps,
  testHooks: Partial<ProxyTestHooks> = {},
): { app: Hono<AppEnv>; readPath: ReadPath } {
  const hooks: ProxyTestHooks = { ...productionHooks, ...testHooks };
  const now = hooks.now;
  // Created once rt exists; its observer ends claims on decided messages.
  const live: { queues?: LiveQueues } = {};
  const rt: Runtime = {
    // Always on: the service reports a role's permission map only in the answers of its writes.
    deps: {
      ...deps,
      observers: [
        createAnswerCheck(deps.logger),
        createReportedPermissionsObserver(deps.store, deps.logger),
        createModerationItemsObserver(deps.store, deps.logger),
        (answer) => live.queues?.observe(answer),
        ...(deps.observers ?? []),
      ],
    },
    now,
    passwordHashCost: hooks.passwordHashCost,
    forward:
      deps.forward ??
      createPoolForward(deps.upstream.baseUrl, deps.timeouts ?? defaultTimeouts).forward,
    hosts: new Set(deps.allowedHosts.map(normaliseHost)),
    cookieName: sessionCookieName(deps.secure === true),
    limiter: rateLimiterFor(deps.store, deps.rateLimit, now),
    gate: createUpstreamGate(deps.gate),
    denials: deps.denials ?? createDenialCoalescer({ store: deps.store, logger: deps.logger, now }),
    sso: deps.sso
      ? {
          settings: deps.sso,
          client:
            hooks.ssoClient ??
            createSsoClient(deps.sso, { clockSkewSeconds: () => (now() - Date.now()) / 1000 }),
        }
      : undefined,
  };
  // Watches upstream calls (readiness, metrics) by wrapping rt.forward, before anything uses it.
  const ops = createOps(rt, deps.ops);
  const app = new Hono<AppEnv>();
  app.use('*', ...requestLayers(rt));
  app.use('*', ops.countRequests);
  app.use('*', gatekeeper(rt));

  // Each concern is a sub-app; the order of mounting is the order requests meet them.
  app.route('/', createApiApp(rt));
  app.route('/', ops.routes);
  if (rt.sso) app.route('/auth/sso', createSsoApp(rt, rt.sso));
  app.route('/auth', createAuthApp(rt));
  const queues = createLiveQueues(rt, { ...deps.liveQueue, timers: hooks.liveTimers });
  live.queues = queues;
  // Gives the polls' leases back, so another replica takes them over at once rather than at expiry.
  deps.closers?.push(() => queues.close());
  app.route('/console', createConsoleApp(rt, queues));

  const serveStatic = deps.staticDir
    ? createStaticHandler(
        deps.staticDir,
        async (c) => {
          const session = await authenticate(rt, c);
          return session ? sessionBody(session) : null;
        },
        (details, message) => deps.logger.warn(details, message),
        pageReadsAs(app),
      )
    : undefined;
  app.notFound(async (c) => {
    const isApp = !/^\/(api|auth|console)(\/|$)/.test(c.req.path);
    const res = isApp && serveStatic ? await serveStatic(c) : undefined;
    if (res) return res;
    if (isPageNavigation(c)) return refusalPage(c, 404, 'CONSOLE_NOT_FOUND');
    return c.json(errorBody('CONSOLE_NOT_FOUND', 'Not found.'), 404);
  });

  app.onError((error, c) => {
    if (isStoreUnavailable(error)) {
      c.get('log').storeError = error instanceof Error ? error.message.slice(0, 200) : 'unknown';
      return storeUnavailableReply(c);
    }
    deps.logger.error({ reqId: c.get('requestId'), err: error }, 'unhandled error');
    if (isPageNavigation(c)) return refusalPage(c, 500, 'CONSOLE_INTERNAL');
    return c.json(errorBody('CONSOLE_INTERNAL', 'Internal error.'), 500);
  });

  return { app, readPath: createReadPath(rt) };
}
