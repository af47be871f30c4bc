import { deleteCookie, setCookie } from 'hono/cookie';
import { parse as parseCookies } from 'hono/utils/cookie';
import { deny } from '../request-audit';
import type { AppContext, Runtime } from '../context';
import { errorBody } from '../http/errors';
import { hashToken } from './operators';
import { refusalMemory } from './refusal-memory';
import {
  confirmRemembered,
  rememberedSession,
  resolveSession,
  sessionAbsoluteMs,
  type SessionInfo,
} from './sessions';
import type { TakenWithVersion } from '../api/rate-limit';
import { andThen, type Settled } from '../settled';

export const cookieBaseName = 'console_session';

/** `__Host-console_session` over https (Secure, no Domain, Path=/), plain name over http. */
export const sessionCookieName = (secure: boolean) =>
  secure ? `__Host-${cookieBaseName}` : cookieBaseName;

/** The key a session's rate-limit refusal is remembered under (refusalMemory). */
const rateKey = (tokenHash: string) => `rate:${tokenHash}`;

/** The session token of a request the app answers: read as the read path reads it. */
export function readSessionToken(rt: Runtime, c: AppContext): string | undefined {
  return sessionTokenOf(c.req.header('cookie'), rt.cookieName);
}

/** A value hono's cookie parser returns unchanged: no quotes, spaces, separators or escapes. */
const plainCookieValue = /^[\w-]+$/;

/**
 * The session token in a `Cookie` header, as the cookie parser reads it. A header holding the
 * session cookie alone, with a plain value, is read without the general parser (8 µs of a proxied
 * read on one connection); any other header goes through it.
 */
export function sessionTokenOf(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  if (header.length > name.length && header.startsWith(name) && header[name.length] === '=') {
    const value = header.slice(name.length + 1);
    if (plainCookieValue.test(value)) return value;
  }
  return parseCookies(header, name)[name];
}

/** Resolves the session cookie into the context; undefined when absent, unknown or expired. */
export async function authenticate(rt: Runtime, c: AppContext): Promise<SessionInfo | undefined> {
  const token = readSessionToken(rt, c);
  const session = token ? await resolveSession(rt.deps.store, token, rt.now()) : undefined;
  c.set('session', session);
  if (session) c.get('log').operator = session.username;
  return session;
}

/** A session found for a request, before its turn of the rate limit (takeTurn). */
export interface FoundSession {
  token: string;
  limitKey: string;
  session: SessionInfo;
  /** Set when the session came from memory rather than the store (rememberedSession). */
  readAt?: string | undefined;
  remembered: boolean;
}

export type SessionStep =
  | { kind: 'found'; found: FoundSession }
  /** Refused by the rate limit: wait this many seconds. */
  | { kind: 'limited'; wait: number; session?: SessionInfo }
  /** No usable session: none, unknown, expired, or held to changing its password. */
  | { kind: 'refused'; session: SessionInfo | undefined };

export type TurnStep =
  Exclude<SessionStep, { kind: 'found' }> | { kind: 'session'; session: SessionInfo };

/**
 * The session of a cookie value, context-free: a session still refused by the rate limit is
 * answered from memory before any store work; a remembered one costs no store read, and comes
 * without a promise.
 */
export function findSession(rt: Runtime, token: string | undefined): Settled<SessionStep> {
  if (token === undefined) return { kind: 'refused', session: undefined };
  const tokenHash = hashToken(token);
  const limitKey = rateKey(tokenHash);
  const waitMs = refusalMemory(rt.deps.store).until(limitKey, rt.now());
  if (waitMs > 0) return { kind: 'limited', wait: Math.ceil(waitMs / 1000) };
  const remembered = rememberedSession(rt.deps.store, tokenHash, rt.now());
  if (remembered) {
    const { session, readAt } = remembered;
    return { kind: 'found', found: { token, limitKey, session, readAt, remembered: true } };
  }
  return resolveSession(rt.deps.store, token, rt.now()).then((session): SessionStep =>
    usable(session)
      ? { kind: 'found', found: { token, limitKey, session, remembered: false } }
      : { kind: 'refused', session },
  );
}

/**
 * The found session's turn of its operator's rate limit. On PostgreSQL a remembered session costs
 * no read of its own: the rate limit returns the store's auth version (held in memory, decision
 * 0065, or read), and when it moved since the session was read, the session is read again before
 * anything is forwarded.
 */
export function takeTurn(rt: Runtime, found: FoundSession): Settled<TurnStep> {
  // Per operator, not per session: signing in again from more tabs or browsers adds no budget.
  return andThen(takeToken(rt, `operator:${found.session.operatorId}`), (taken) =>
    turnOf(rt, found, taken),
  );
}

function turnOf(
  rt: Runtime,
  found: FoundSession,
  { wait, authVersion }: Partial<TakenWithVersion>,
): Settled<TurnStep> {
  if (!found.remembered || confirmRemembered(rt.deps.store, found.readAt, authVersion))
    return turnAfter(rt, found, found.session, wait);
  // Something that can end a session or change an operator was written since it was read.
  return resolveSession(rt.deps.store, found.token, rt.now()).then((session) =>
    usable(session) ? turnAfter(rt, found, session, wait) : { kind: 'refused', session },
  );
}

function turnAfter(
  rt: Runtime,
  found: FoundSession,
  session: SessionInfo,
  wait: number | undefined,
): TurnStep {
  if (wait === undefined) return { kind: 'session', session };
  refusalMemory(rt.deps.store).remember(found.limitKey, rt.now() + wait * 1000);
  return { kind: 'limited', wait, session };
}

/**
 * The session for a call to the console's data or to `/api`, after the operator's rate limit
 * (findSession, takeTurn); otherwise the refusal (401 audited, 429 with Retry-After).
 */
export async function requireSession(rt: Runtime, c: AppContext): Promise<SessionInfo | Response> {
  const step = await findSession(rt, readSessionToken(rt, c));
  const turn = step.kind === 'found' ? await takeTurn(rt, step.found) : step;
  if (turn.session) holdSession(c, turn.session);
  else c.set('session', undefined);
  if (turn.kind === 'session') return turn.session;
  if (turn.kind === 'limited') return rateLimited(c, turn.wait);
  return refusal(rt, c, turn.session);
}

function holdSession(c: AppContext, session: SessionInfo): SessionInfo {
  c.set('session', session);
  c.get('log').operator = session.username;
  return session;
}

/** A session that may make the call: there, and not held to changing its password first. */
const usable = (session: SessionInfo | undefined): session is SessionInfo =>
  session !== undefined && !session.mustChangePassword;

/** The refusal of a session that is not `usable`. */
function refusal(rt: Runtime, c: AppContext, session: SessionInfo | undefined): Promise<Response> {
  if (session?.mustChangePassword)
    return deny(
      rt,
      c,
      403,
      'CONSOLE_PASSWORD_CHANGE_REQUIRED',
      'Your password was set by an admin: choose your own before anything else.',
      { detail: 'initial password not changed yet' },
    );
  return deny(rt, c, 401, 'CONSOLE_UNAUTHENTICATED', 'Sign in to continue.', {
    detail: 'no session',
  });
}

function takeToken(rt: Runtime, key: string): Settled<Partial<TakenWithVersion>> {
  if (rt.limiter.takeReadingAuthVersion) return rt.limiter.takeReadingAuthVersion(key, rt.now());
  return andThen(rt.limiter.take(key, rt.now()), (wait) => ({ wait }));
}

function rateLimited(c: AppContext, wait: number): Response {
  c.get('log').rateLimited = true;
  c.header('retry-after', String(wait));
  return c.json(errorBody('CONSOLE_RATE_LIMITED', `Too many requests; retry in ${wait} s.`), 429);
}

export function setSessionCookie(rt: Runtime, c: AppContext, token: string): void {
  setCookie(c, rt.cookieName, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure: rt.deps.secure === true,
    // The server enforces the real limits; this only keeps browsers from holding it longer.
    maxAge: sessionAbsoluteMs / 1000,
  });
}

export function clearSessionCookie(rt: Runtime, c: AppContext): void {
  deleteCookie(c, rt.cookieName, {
    path: '/',
    secure: rt.deps.secure === true,
    httpOnly: true,
    sameSite: 'Strict',
  });
}
