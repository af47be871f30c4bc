import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import pino, { type Logger } from 'pino';
import { createConsoleServer } from './app';
import type { NodeListener } from './api/read-path';
import type { LiveQueueSettings } from './live/live-options';
import type { AnswerObserver, ProxyDeps, ProxyTestHooks } from './deps';
import { createPoolForward, defaultTimeouts, type UpstreamTimeouts } from './api/forward';
import { loopbackHosts } from './http/guards';
import type { RateLimitOptions } from './api/rate-limit';
import { countOperators, createSignInToken, OperatorError } from './auth/operators';
import { purgeExpired } from './auth/sessions';
import type { SignInSettings } from './auth/sso-settings';
import { openConsoleStore, type ConsoleStore } from './store/store';
import { prepareDataDir } from './store/store-problems';
import { bootstrapAdmin } from './auth/bootstrap';
import { createDenialCoalescer } from './audit/denial-coalescer';
import { defaultRetentionDays, runAuditRetention, scheduleAuditRetention } from './audit/retention';
import { recoverPendingAudit, stoppedDetail } from './audit/audit-stages';
import { createConsoleMetrics } from './ops/metrics';
import { startMetricsListener } from './ops/metrics-routes';

export interface StartConsoleOptions {
  port: number;
  /** Interface to bind; loopback unless deliberately widened. */
  host?: string;
  /** Where audit archives go, and the SQLite store when there is no `databaseUrl`. */
  dataDir: string;
  /** A PostgreSQL URL: the store lives there, shared by replicas, instead of `<dataDir>/console.sqlite`. */
  databaseUrl?: string | undefined;
  upstream: { baseUrl: string; apiKey: string };
  staticDir?: string;
  /** `Host` values to accept; defaults to 127.0.0.1, localhost and [::1] on the bound port. */
  allowedHosts?: string[];
  logger?: Logger;
  timeouts?: UpstreamTimeouts;
  /** How long in-flight requests may take to finish once close() is called. */
  shutdownGraceMs?: number;
  /** Per-session request budget (default 20/s, burst 40). */
  rateLimit?: RateLimitOptions;
  /** See ProxyDeps.trustedProxies. */
  trustedProxies?: readonly string[];
  /** Readers of upstream answers (the shape recorder of CONSOLE_RECORD_DIR). */
  observers?: readonly AnswerObserver[];
  /** Audit rows older than this many days are archived to `<dataDir>/audit-archive/` and pruned (400). */
  auditRetentionDays?: number;
  /** See ProxyDeps.liveQueue. */
  liveQueue?: Partial<LiveQueueSettings>;
  /** Password sign-in and single sign-on; password only by default. */
  signIn?: SignInSettings;
  /** See ProxyDeps.publicUrl; also the address of the one-time sign-in link. An https one makes
   * the session cookie `Secure` (`__Host-`) and its host an allowed `Host`. */
  publicUrl?: string;
  /** Prometheus metrics: a listener of their own on `port`, and/or `/metrics` with `token`. */
  metrics?: { port?: number | undefined; host?: string; token?: string | undefined };
  /** `/readyz` wants an answer of the chat service within this many seconds (60). */
  readyUpstreamSeconds?: number;
  /** What a test changes (the password hash cost, the clock); see ProxyTestHooks. */
  testHooks?: Partial<ProxyTestHooks>;
}

export interface RunningConsole {
  url: string;
  /** Where Prometheus scrapes the listener of its own, when one runs. */
  metricsUrl?: string;
  store: ConsoleStore;
  bootstrap?: { username: string; link: string };
  close(): Promise<void>;
}

const loopback = new Set(['127.0.0.1', 'localhost', '::1']);

/** The app's listener behind `read` (the read path), which passes it what it does not answer. */
const listen = (
  fetch: Parameters<typeof getRequestListener>[0],
  read: (req: IncomingMessage, res: ServerResponse, app: NodeListener) => void,
  port: number,
  hostname: string,
) =>
  new Promise<{ server: Server; port: number }>((resolve, reject) => {
    const listener = getRequestListener(fetch, { hostname });
    const app: NodeListener = (req, res) => void listener(req, res);
    const server = createServer((req, res) => read(req, res, app));
    server.once('error', reject);
    server.listen(port, hostname, () =>
      resolve({ server, port: (server.address() as AddressInfo).port }),
    );
  });

/**
 * Opens the store (`databaseUrl`, else `<dataDir>/console.sqlite`), listens, and on a first start
 * (no operator yet) creates an `admin` with an unusable random password plus a one-time sign-in
 * link. close() drains: new requests get 503, in-flight ones get up to `shutdownGraceMs` (10 s),
 * then the store closes.
 */
export async function startConsole(opts: StartConsoleOptions): Promise<RunningConsole> {
  const host = opts.host ?? '127.0.0.1';
  const logger = opts.logger ?? pino({ level: 'info' });
  prepareDataDir(opts.dataDir, 'CONSOLE_DATA_DIR');
  const store = await openConsoleStore(
    opts.databaseUrl ? { url: opts.databaseUrl } : { file: join(opts.dataDir, 'console.sqlite') },
  );
  await purgeExpired(store, Date.now());
  // Intents still pending were left by a console that stopped before their answer (decision 0011).
  const recovered = await recoverPendingAudit(store);
  logger[recovered > 0 ? 'warn' : 'info'](
    { count: recovered },
    `audit: ${recovered} pending write(s) marked unknown (${stoppedDetail})`,
  );
  const retention = () =>
    runAuditRetention(store, {
      dataDir: opts.dataDir,
      retentionDays: opts.auditRetentionDays ?? defaultRetentionDays,
      logger,
    });
  let pruning = retention();
  await pruning;
  const stopRetention = scheduleAuditRetention(() => (pruning = retention()));
  const denials = createDenialCoalescer({ store, logger, now: Date.now });
  const closers: (() => Promise<void>)[] = [];
  const wantsMetrics = opts.metrics?.port !== undefined || opts.metrics?.token !== undefined;
  const metrics = wantsMetrics ? createConsoleMetrics() : undefined;
  const pool = createPoolForward(opts.upstream.baseUrl, opts.timeouts ?? defaultTimeouts);
  let closing = false;
  // The app needs the bound port (for its Host allow-list), which is known only after listening.
  const holder: Partial<ReturnType<typeof createConsoleServer>> = {};
  const { server, port } = await listen(
    (req, env) => (holder.app ? holder.app.fetch(req, env) : new Response(null, { status: 503 })),
    (req, res, app) => (holder.readPath ? holder.readPath(req, res, app) : app(req, res)),
    opts.port,
    host,
  );
  // Node's defaults (60 s for headers, 5 min for a whole request) let slow clients hold sockets long.
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  const wildcard = host === '0.0.0.0' || host === '::';
  const urlHost = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  if (!loopback.has(host)) {
    logger.warn(
      { host },
      `The console listens on ${host}, beyond this machine; anyone who can reach it can try to sign in.`,
    );
  }
  const deps: ProxyDeps = {
    store,
    upstream: opts.upstream,
    forward: pool.forward,
    staticDir: opts.staticDir,
    allowedHosts: opts.allowedHosts ?? [
      ...loopbackHosts(port),
      `${urlHost}:${port}`,
      ...(opts.publicUrl ? [new URL(opts.publicUrl).host] : []),
    ],
    logger,
    isClosing: () => closing,
    rateLimit: opts.rateLimit,
    trustedProxies: opts.trustedProxies,
    observers: opts.observers,
    denials,
    liveQueue: opts.liveQueue,
    closers,
    sso: opts.signIn?.sso,
    passwordSignIn: opts.signIn?.passwordSignIn,
    publicUrl: opts.publicUrl,
    // TLS ends at a reverse proxy in front; the browser sees https, so the cookie must say Secure.
    secure: opts.publicUrl?.startsWith('https:') === true,
    ops: {
      metrics,
      metricsToken: opts.metrics?.token,
      readiness: { upstreamFreshMs: (opts.readyUpstreamSeconds ?? 60) * 1000 },
    },
  };
  Object.assign(holder, createConsoleServer(deps, opts.testHooks));
  const metricsListener =
    metrics && opts.metrics?.port !== undefined
      ? await startMetricsListener(metrics, {
          port: opts.metrics.port,
          host: opts.metrics.host ?? '127.0.0.1',
        })
      : undefined;
  if (metricsListener && !loopback.has(opts.metrics?.host ?? '127.0.0.1')) {
    logger.warn(
      { metrics: metricsListener.url },
      'Metrics are served without a token beyond this machine; keep that interface to the monitoring network.',
    );
  }

  let bootstrap: RunningConsole['bootstrap'];
  if ((await countOperators(store)) === 0) {
    try {
      const username = await bootstrapAdmin(store, opts.testHooks?.passwordHashCost);
      const token = await createSignInToken(store, username);
      bootstrap = { username, link: `${opts.publicUrl ?? url}/auth/one-time?token=${token}` };
    } catch (error) {
      // A replica starting at the same moment created the admin first: its log has the link.
      if (!(error instanceof OperatorError && error.code === 'EXISTS')) throw error;
    }
  }

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      closing = true;
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), opts.shutdownGraceMs ?? 10_000);
      await drained;
      clearTimeout(grace);
      await pool.close();
      await metricsListener?.close();
      stopRetention();
      await pruning;
      await denials.close();
      for (const finish of closers) await finish();
      await store.close();
    })();
    return closed;
  };
  return { url, metricsUrl: metricsListener?.url, store, bootstrap, close };
}
