import type { Logger } from 'pino';
import type { ForwardFn, UpstreamTimeouts } from './api/forward';
import type { RateLimitOptions } from './api/rate-limit';
import type { UpstreamGateOptions } from './api/upstream-gate';
import type { DenialCoalescer } from './audit/denial-coalescer';
import type { SsoClient } from './auth/sso-client';
import type { SsoSettings } from './auth/sso-settings';
import type { LiveQueueSettings } from './live/live-options';
import type { LiveTimers } from './live/queue-poller';
import type { ConsoleMetrics } from './ops/metrics';
import type { ConsoleStore } from './store/store';

// What the console server is built from. This module imports only modules that import nothing of
// the app's units (see server/test-support/import-circles.test.ts), so every unit may read its
// options from here.

export interface ProxyDeps {
  store: ConsoleStore;
  /** The chat service: `baseUrl` ends with `/v3`; the key is only ever sent there, as `apikey`. */
  upstream: { baseUrl: string; apiKey: string };
  /** Sends a request upstream; defaults to an undici Pool client on `upstream.baseUrl`. */
  forward?: ForwardFn;
  /** Timeouts of the default forwarder. */
  timeouts?: UpstreamTimeouts;
  /** The built SPA to serve; without it only the APIs answer. */
  staticDir?: string;
  /** Accepted `Host` header values (`host:port`); anything else is 421 (DNS rebinding). */
  allowedHosts: string[];
  logger: Logger;
  /** Served over https: `__Host-` cookie prefix, `Secure`, https origins. */
  secure?: boolean;
  rateLimit?: RateLimitOptions;
  /** Upstream requests in flight and waiting, per operator and overall (see createUpstreamGate). */
  gate?: Partial<UpstreamGateOptions>;
  /** Addresses of reverse proxies whose `X-Forwarded-For` names the real client (sign-in throttling). */
  trustedProxies?: readonly string[];
  /** True once shutdown started: new requests get 503 and `Connection: close`. */
  isClosing?: () => boolean;
  /** Coalesces unauthenticated refusals in the audit trail; one per app by default. */
  denials?: DenialCoalescer;
  /** Called with every upstream answer of a forwarded call (see UpstreamAnswer). */
  observers?: readonly AnswerObserver[];
  /** Metrics and readiness settings (see createOps); health and readiness are always served. */
  ops?: OpsOptions;
  /** Single sign-on with an OpenID Connect provider; off when undefined. */
  sso?: SsoSettings;
  /** False: only single sign-on signs operators in (the one-time link still works). */
  passwordSignIn?: boolean;
  /** The console's address as browsers reach it (`https://console.example.com`), without a path. */
  publicUrl?: string;
  /** The live queue's poll interval, claim length and heartbeat (see createLiveQueue). */
  liveQueue?: Partial<LiveQueueSettings>;
  /** How long `Idempotency-Key`s are kept and a repeat waits for its first request (decision 0023). */
  idempotency?: Partial<IdempotencyOptions>;
  /** Work the app asks its owner to finish at shutdown, before the store closes (the poll's lease). */
  closers?: (() => Promise<void>)[];
}

/**
 * What only tests change: production runs on `productionHooks` (app.ts), and a test passes the
 * few it moves as `createProxyApp`'s second argument.
 */
export interface ProxyTestHooks {
  /** The clock of sessions, throttles, claims and the audit trail. */
  now: () => number;
  /** scrypt cost of passwords set through the console; tests lower it. */
  passwordHashCost: number;
  /** The provider client (a test's may run on a moved clock); made from `ProxyDeps.sso` when undefined. */
  ssoClient: SsoClient | undefined;
  /** The live queue's timers; tests move them by hand. */
  liveTimers: LiveTimers;
}

/** One answer of the chat service to a forwarded call, as it arrived (before any filtering). */
export interface UpstreamAnswer {
  /** `PUT /roles/{role}/permissions`: the operation's label (see operationLabel). */
  operation: string;
  method: string;
  /** Path parameters by name, decoded. */
  params: Readonly<Record<string, string>>;
  status: number;
  body: Uint8Array;
  /** The operator who made the call. */
  operator: string;
  at: number;
  reqId: string;
}

/**
 * Reads upstream answers beside the request (shape checks, recordings, reported values). The
 * response waits for an observer's promise, so what it records is there once the client has its
 * answer: an observer must not block for long. A failure is logged and the response goes out.
 */
export type AnswerObserver = (answer: UpstreamAnswer) => void | Promise<void>;

/** How long a key is kept, and how long a repeat waits for a first request still running. */
export interface IdempotencyOptions {
  windowMs: number;
  waitMs: number;
  pollMs: number;
}

export interface ReadinessOptions {
  /** The chat service must have answered within this long (default 60 s), else a probe is sent. */
  upstreamFreshMs: number;
  /** How long `/readyz` waits for its probe (default 3 s). */
  probeTimeoutMs: number;
  /** At most one probe this often while the service does not answer (default 5 s). */
  probeEveryMs: number;
}

/** Health, readiness and metrics of one console app (see ProxyDeps.ops). */
export interface OpsOptions {
  /** The registry to count into; without it nothing is counted and `/metrics` is not served. */
  metrics?: ConsoleMetrics;
  /** Serves `GET /metrics` on the console's port to holders of this Bearer token. */
  metricsToken?: string;
  readiness?: Partial<ReadinessOptions>;
}
