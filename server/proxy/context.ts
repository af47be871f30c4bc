import type { Context } from 'hono';
import type { ForwardFn } from './api/forward';
import type { RateLimiter } from './api/rate-limit';
import type { UpstreamGate } from './api/upstream-gate';
import type { DenialCoalescer } from './audit/denial-coalescer';
import type { SessionInfo } from './auth/sessions';
import type { SsoClient } from './auth/sso-client';
import type { SsoSettings } from './auth/sso-settings';
import type { ProxyDeps } from './deps';
import type { BodyResult } from './http/request-body';

/** Single sign-on as the running app holds it: the settings and the provider client. */
export interface SsoRuntime {
  settings: SsoSettings;
  client: SsoClient;
}

export interface AppEnv {
  Variables: {
    /** Set by Hono's requestId middleware (see requestLayers). */
    requestId: string;
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
  /** The clock (ProxyTestHooks.now). */
  now: () => number;
  /** scrypt cost of passwords set through the console (ProxyTestHooks.passwordHashCost). */
  passwordHashCost: number;
  forward: ForwardFn;
  hosts: ReadonlySet<string>;
  cookieName: string;
  limiter: RateLimiter;
  gate: UpstreamGate;
  denials: DenialCoalescer;
  /** Single sign-on, when configured. */
  sso: SsoRuntime | undefined;
}
