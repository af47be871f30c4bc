import type { Context } from 'hono';
import type { Logger } from 'pino';
import { recordAudit, type AuditRecord } from './audit/audit-log';
import { errorBody, type ConsoleErrorCode } from './http/errors';
import { isPageNavigation, refusalPage } from './http/refusal-page';
import type { ForwardFn, UpstreamTimeouts } from './api/forward';
import type { IdempotencyOptions } from './api/idempotency';
import type { RateLimiter, RateLimitOptions } from './api/rate-limit';
import type { UpstreamGate, UpstreamGateOptions } from './api/upstream-gate';
import type { BodyResult } from './http/request-body';
import type { SessionInfo } from './auth/sessions';
import type { SsoClient } from './auth/sso-client';
import type { SsoRuntime } from './auth/sso-routes';
import type { SsoSettings } from './auth/sso-settings';
import type { DenialCoalescer } from './audit/denial-coalescer';
import { recordDenial } from './audit/record-denial';
import type { ConsoleStore } from './store/store';
import type { OpsOptions } from './ops/ops';
import type { LiveQueueOptions } from './live/live-options';

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
  now?: () => number;
  /** Served over https: `__Host-` cookie prefix, `Secure`, https origins. */
  secure?: boolean;
  rateLimit?: RateLimitOptions;
  /** Upstream requests in flight and waiting, per operator and overall (see createUpstreamGate). */
  gate?: Partial<UpstreamGateOptions>;
  /** Addresses of reverse proxies whose `X-Forwarded-For` names the real client (sign-in throttling). */
  trustedProxies?: readonly string[];
  /** True once shutdown started: new requests get 503 and `Connection: close`. */
  isClosing?: () => boolean;
  /** scrypt cost for passwords set through the console (tests lower it). */
  passwordHashCost?: number;
  /** Coalesces unauthenticated refusals in the audit trail; one per app by default. */
  denials?: DenialCoalescer;
  /** Called with every upstream answer of a forwarded call (see UpstreamAnswer). */
  observers?: readonly AnswerObserver[];
  /** Metrics and readiness settings (see createOps); health and readiness are always served. */
  ops?: OpsOptions;
  /** Single sign-on with an OpenID Connect provider; off when undefined. */
  sso?: SsoSettings;
  /** The provider client (tests pass one whose clock they move); made from `sso` by default. */
  ssoClient?: SsoClient;
  /** False: only single sign-on signs operators in (the one-time link still works). */
  passwordSignIn?: boolean;
  /** The console's address as browsers reach it (`https://console.example.com`), without a path. */
  publicUrl?: string;
  /** The live queue's poll interval, claim length and heartbeat (see createLiveQueue). */
  liveQueue?: Partial<LiveQueueOptions>;
  /** How long `Idempotency-Key`s are kept and a repeat waits for its first request (decision 0023). */
  idempotency?: Partial<IdempotencyOptions>;
  /** Work the app asks its owner to finish at shutdown, before the store closes (the poll's lease). */
  closers?: (() => Promise<void>)[];
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

export interface AppEnv {
  Variables: {
    reqId: string;
    started: number;
    session: SessionInfo | undefined;
    /** Extra fields for the request's log line. */
    log: Record<string, unknown>;
    /** The request body once read (it can be read only once). */
    body: BodyResult | undefined;
  };
}

export type AppContext = Context<AppEnv>;

export interface Runtime {
  deps: ProxyDeps;
  now: () => number;
  forward: ForwardFn;
  hosts: ReadonlySet<string>;
  cookieName: string;
  limiter: RateLimiter;
  gate: UpstreamGate;
  denials: DenialCoalescer;
  /** Single sign-on, when configured. */
  sso: SsoRuntime | undefined;
}

export type AuditFields = Pick<AuditRecord, 'action' | 'operation' | 'outcome' | 'status'> &
  Partial<Omit<AuditRecord, 'action' | 'operation' | 'outcome' | 'status'>>;

/** An audit row for this request, with who, when and how long filled in from the context. */
export function auditRecordOf(rt: Runtime, c: AppContext, fields: AuditFields): AuditRecord {
  const session = c.get('session');
  const now = rt.now();
  return {
    at: now,
    requestId: c.get('reqId'),
    operator: session?.username ?? null,
    role: session?.role ?? null,
    targets: {},
    onBehalfOf: null,
    reason: null,
    upstreamStatus: null,
    detail: null,
    durationMs: now - c.get('started'),
    ...fields,
  };
}

/**
 * Writes one audit row for this request, awaited so the row is in before the answer goes out; a
 * failure is logged (never thrown), the response still goes out.
 */
export async function audit(rt: Runtime, c: AppContext, fields: AuditFields): Promise<void> {
  try {
    await recordAudit(rt.deps.store, auditRecordOf(rt, c, fields));
  } catch (error) {
    // The response still goes out; the failure is loud in the log for the operators to act on.
    rt.deps.logger.error({ reqId: c.get('reqId'), err: error }, 'audit write failed');
  }
}

/**
 * A refusal: audited as denied (identical unauthenticated ones coalesced, see recordDenial),
 * answered with the error envelope, or with a designed page when a browser opened the address.
 */
export async function deny(
  rt: Runtime,
  c: AppContext,
  status: 400 | 401 | 403 | 404 | 405 | 413 | 421 | 422 | 429,
  code: ConsoleErrorCode,
  message: string,
  fields: Partial<AuditFields> & { detail: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  const method = c.req.method;
  const row = auditRecordOf(rt, c, {
    action: 'request.denied',
    operation: `${method} ${c.req.path}`,
    ...fields,
    outcome: 'denied',
    status,
  });
  try {
    await recordDenial(rt, c, row, code);
  } catch (error) {
    rt.deps.logger.error({ reqId: c.get('reqId'), err: error }, 'audit write failed');
  }
  c.get('log').denied = fields.detail;
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  if (isPageNavigation(c)) return refusalPage(c, status, code);
  return c.json(errorBody(code, message), status);
}
