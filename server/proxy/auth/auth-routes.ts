import { Hono } from 'hono';
import { loginBodySchema } from '../../../src/api/schemas/session';
import { audit, deny } from '../request-audit';
import type { AppContext, AppEnv, Runtime } from '../context';
import { errorBody } from '../http/errors';
import { clientAddress } from '../http/guards';
import { isPageNavigation, refusalPage, signInLinkWords } from '../http/refusal-page';
import { clearPairFailures, releaseLoginAttempt, reserveLoginAttempt } from './login-throttle';
import { consumeSignInToken, findOperator } from './operators';
import { createPasswordApp } from './password-routes';
import { HashingBusyError, verifyPassword } from './passwords';
import { readJsonBody } from '../http/request-body';
import { authenticate, clearSessionCookie } from './session-cookie';
import { deleteSession } from './sessions';
import { startSession } from './session-start';
import { isSsoOperator } from './sso-operators';
import { providerSignOutUrl } from './sso-addresses';

/** The signed-in operator as `/auth/me` and sign-in answer; the forced change is named only when due. */
export const sessionBody = (o: { username: string; role: string; mustChangePassword: boolean }) =>
  o.mustChangePassword
    ? { username: o.username, role: o.role, mustChangePassword: true }
    : { username: o.username, role: o.role };

/** Sign-in, sign-out, the current operator, and the one-time sign-in link. */
export function createAuthApp(rt: Runtime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/login', (c) => signInWithPassword(rt, c));
  app.post('/logout', (c) => signOut(rt, c));

  /** How operators sign in here: the sign-in page shows what is on. */
  app.get('/methods', (c) =>
    c.json({
      password: rt.deps.passwordSignIn !== false,
      sso: rt.sso ? { label: rt.sso.settings.label } : null,
    }),
  );

  app.get('/me', async (c) => {
    const session = await authenticate(rt, c);
    if (!session) return c.json(errorBody('CONSOLE_UNAUTHENTICATED', 'Sign in to continue.'), 401);
    return c.json(sessionBody(session));
  });

  app.get('/one-time', (c) => signInWithLink(rt, c));
  app.route('/', createPasswordApp(rt));
  return app;
}

/** `POST /auth/login`: throttled per account and client, the password checked in constant time. */
async function signInWithPassword(rt: Runtime, c: AppContext) {
  const { store } = rt.deps;
  const read = await readJsonBody(c, 16 * 1024);
  const parsed = loginBodySchema.safeParse(read.kind === 'json' ? read.value : undefined);
  const fields = { action: 'auth.login', operation: 'POST /auth/login' };
  if (!parsed.success) {
    return deny(rt, c, 400, 'CONSOLE_BAD_REQUEST', 'Send a username and a password.', {
      ...fields,
      detail: 'malformed',
    });
  }
  const username = parsed.data.username.toLowerCase();
  if (rt.deps.passwordSignIn === false) {
    return deny(
      rt,
      c,
      403,
      'CONSOLE_PASSWORD_SIGN_IN_OFF',
      'Sign-in with a password is turned off; use single sign-on.',
      { ...fields, operator: username, detail: 'password sign-in off' },
    );
  }
  const who = { account: username, client: clientAddress(c, rt.deps.trustedProxies) };
  const attempt = await reserveLoginAttempt(store, who, rt.now());
  if ('retryAfter' in attempt) {
    return deny(
      rt,
      c,
      429,
      'CONSOLE_LOGIN_THROTTLED',
      `Too many failed sign-ins; try again in ${attempt.retryAfter} s.`,
      { ...fields, operator: username, detail: 'throttled' },
      { 'retry-after': String(attempt.retryAfter) },
    );
  }
  const operator = await findOperator(store, username);
  let valid: boolean;
  try {
    valid = await verifyPassword(
      parsed.data.password,
      operator?.passwordHash,
      rt.passwordHashCost,
      who,
    );
  } catch (error) {
    await releaseLoginAttempt(store, attempt.rowIds);
    if (!(error instanceof HashingBusyError)) throw error;
    c.header('retry-after', '1');
    return c.json(errorBody('CONSOLE_BUSY', 'The server is busy; try again in a moment.'), 503);
  }
  if (!operator || !valid) {
    return deny(rt, c, 401, 'CONSOLE_INVALID_CREDENTIALS', 'The username or password is wrong.', {
      ...fields,
      operator: username,
      detail: 'wrong credentials',
    });
  }
  await releaseLoginAttempt(store, attempt.rowIds);
  await clearPairFailures(store, who);
  await startSession(rt, c, operator.id);
  await audit(rt, c, { ...fields, status: 200, outcome: 'ok' });
  return c.json(sessionBody(operator));
}

/** `POST /auth/logout`: an operator of the identity provider is also signed out there, where it can. */
async function signOut(rt: Runtime, c: AppContext) {
  const { store } = rt.deps;
  const session = await authenticate(rt, c);
  const providerSignOut =
    session && rt.sso && (await isSsoOperator(store, session.operatorId))
      ? await providerSignOutUrl(rt, c)
      : undefined;
  if (session) {
    await deleteSession(store, session.tokenHash);
    await audit(rt, c, {
      action: 'auth.logout',
      operation: 'POST /auth/logout',
      status: providerSignOut ? 200 : 204,
      outcome: 'ok',
    });
  }
  clearSessionCookie(rt, c);
  return providerSignOut ? c.json({ signOutUrl: providerSignOut }) : c.body(null, 204);
}

/** `GET /auth/one-time?token=…`: the link an admin hands out, good once. */
async function signInWithLink(rt: Runtime, c: AppContext) {
  const token = c.req.query('token') ?? '';
  const operatorId = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await consumeSignInToken(rt.deps.store, token, rt.now())
    : undefined;
  const fields = { action: 'auth.one-time', operation: 'GET /auth/one-time' };
  if (operatorId === undefined) {
    const refused = await deny(
      rt,
      c,
      401,
      'CONSOLE_UNAUTHENTICATED',
      'This sign-in link is invalid, used or expired.',
      { ...fields, detail: 'bad token' },
    );
    // Opened from an email or a terminal: a page that says what to do instead.
    return isPageNavigation(c)
      ? refusalPage(c, 401, 'CONSOLE_UNAUTHENTICATED', signInLinkWords)
      : refused;
  }
  const session = await startSession(rt, c, operatorId);
  await audit(rt, c, { ...fields, status: 303, outcome: 'ok' });
  // An operator who has no password of their own yet chooses one first; the page says why.
  return c.redirect(session?.mustChangePassword ? '/change-password?from=sign-in-link' : '/', 303);
}
