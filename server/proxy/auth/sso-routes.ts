import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { paths } from '../../../src/config/paths';
import { audit, auditRecordOf } from '../request-audit';
import type { AppContext, AppEnv, Runtime, SsoRuntime } from '../context';
import { recordDenial } from '../audit/record-denial';
import { OperatorError } from './operators';
import { startSession } from './session-start';
import { callbackUri, safeReturnTo } from './sso-addresses';
import {
  endSessionsOfSubject,
  savePendingSignIn,
  takePendingSignIn,
  usernameFromClaims,
  upsertSsoOperator,
  type PendingSignIn,
} from './sso-operators';
import { roleFromClaims } from './sso-settings';

/** The browser's handle on its sign-in in progress; Lax so the provider's redirect back carries it. */
const pendingCookie = 'console_sso';
const pendingTtlMs = 10 * 60 * 1000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A plain page for a refused single sign-on: what happened and the way back. */
function refusalPage(c: AppContext, status: ContentfulStatusCode, title: string, text: string) {
  c.header('cache-control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Chat Admin Console</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
      `<p><a href="${paths.signIn.path}">Back to sign-in</a></p></main></body></html>`,
    status,
  );
}

/** The validation's own words, with the check underneath (`… "exp" claim value, expiration is past …`). */
function whyRefused(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

const fields = { action: 'auth.sso', operation: 'GET /auth/sso/callback' };
const pendingCookieOptions = (rt: Runtime) =>
  ({
    path: '/auth/sso',
    secure: rt.deps.secure === true,
    httpOnly: true,
    sameSite: 'Lax',
  }) as const;

/** A refused callback: audited (coalesced like other refusals), and a page that says what to do. */
async function refuse(
  rt: Runtime,
  c: AppContext,
  status: 400 | 401 | 403 | 409 | 502,
  detail: string,
  title: string,
  text: string,
  operator: string | null = null,
) {
  const row = auditRecordOf(rt, c, { ...fields, status, outcome: 'denied', operator, detail });
  await recordDenial(rt, c, row, `CONSOLE_SSO_${status}`);
  return refusalPage(c, status, title, text);
}

/** Single sign-on: `/auth/sso/start` sends the browser to the provider, `/auth/sso/callback` ends it. */
export function createSsoApp(rt: Runtime, sso: SsoRuntime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/start', (c) => startSignIn(rt, sso, c));
  app.get('/callback', async (c) => {
    const verified = await verifiedClaims(rt, sso, c);
    return verified instanceof Response ? verified : finishSignIn(rt, sso, c, verified);
  });
  return app;
}

/** Keeps the sign-in's checks under a browser cookie, and sends the browser to the provider. */
async function startSignIn(rt: Runtime, sso: SsoRuntime, c: AppContext) {
  const browserId = randomBytes(32).toString('base64url');
  const checks = sso.client.newChecks();
  let target: URL;
  try {
    target = await sso.client.authorizationUrl(callbackUri(rt, c), checks);
  } catch (error) {
    rt.deps.logger.warn({ reqId: c.get('requestId'), err: error }, 'identity provider unreachable');
    return refusalPage(
      c,
      502,
      'The identity provider did not answer',
      `The console could not read the settings of ${sso.settings.issuer}. Try again in a moment, or ask an admin to check the provider.`,
    );
  }
  const kept = await savePendingSignIn(
    rt.deps.store,
    browserId,
    { ...checks, returnTo: safeReturnTo(c.req.query('returnTo')) },
    rt.now(),
    rt.now() + pendingTtlMs,
  );
  if (!kept) {
    c.header('retry-after', '60');
    return refusalPage(
      c,
      503,
      'Too many sign-ins in progress',
      'The console is holding as many unfinished sign-ins as it keeps. Try again in a minute.',
    );
  }
  setCookie(c, pendingCookie, browserId, {
    ...pendingCookieOptions(rt),
    maxAge: pendingTtlMs / 1000,
  });
  c.header('cache-control', 'no-store');
  return c.redirect(target.href, 302);
}

/** The provider's answer for the sign-in this browser started: its ID token's claims, redeemed. */
async function verifiedClaims(
  rt: Runtime,
  sso: SsoRuntime,
  c: AppContext,
): Promise<Response | { pending: PendingSignIn; claims: Record<string, unknown> }> {
  const browserId = getCookie(c, pendingCookie);
  deleteCookie(c, pendingCookie, pendingCookieOptions(rt));
  const pending = browserId
    ? await takePendingSignIn(rt.deps.store, browserId, rt.now())
    : undefined;
  if (!pending) {
    return refuse(
      rt,
      c,
      400,
      'no sign-in in progress',
      'This sign-in has expired or was already used',
      'Start again from the sign-in page.',
    );
  }
  const answer = new URL(c.req.url);
  if (answer.searchParams.get('state') !== pending.state) {
    return refuse(
      rt,
      c,
      400,
      'state mismatch',
      'This sign-in could not be verified',
      'The answer from the identity provider does not belong to the sign-in this browser started. Start again from the sign-in page.',
    );
  }
  const providerError = answer.searchParams.get('error');
  if (providerError) {
    return refuse(
      rt,
      c,
      401,
      `provider refused: ${providerError.slice(0, 64)}`,
      'The identity provider did not sign you in',
      `It answered "${providerError}". Start again from the sign-in page.`,
    );
  }
  try {
    const callbackUrl = new URL(callbackUri(rt, c));
    callbackUrl.search = answer.search;
    return { pending, claims: await sso.client.redeem(callbackUrl, pending) };
  } catch (error) {
    const reason = whyRefused(error);
    return refuse(
      rt,
      c,
      401,
      `token refused: ${reason.slice(0, 200)}`,
      'This sign-in could not be verified',
      'The identity provider’s answer was not valid (expired, already used or not meant for this console). Start again from the sign-in page.',
    );
  }
}

/** The operator the claims name, with the role their groups map to, signed in on this browser. */
async function finishSignIn(
  rt: Runtime,
  sso: SsoRuntime,
  c: AppContext,
  { pending, claims }: { pending: PendingSignIn; claims: Record<string, unknown> },
) {
  const { store } = rt.deps;
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  const username = usernameFromClaims(claims);
  const role = roleFromClaims(claims, sso.settings);
  if (!subject || !username) {
    return refuse(
      rt,
      c,
      403,
      'no usable name in the ID token',
      'Your account cannot be used here',
      'The identity provider gave no user name or e-mail address for your account.',
    );
  }
  if (!role) {
    const ended = await endSessionsOfSubject(store, subject);
    return refuse(
      rt,
      c,
      403,
      ended > 0 ? `no mapped group; ${ended} session(s) ended` : 'no mapped group',
      'You have no access to the console',
      'Your account at the identity provider is not in a group that is given a console role. Ask your console admin to add you to the right group.',
      username,
    );
  }
  let operator: Awaited<ReturnType<typeof upsertSsoOperator>>;
  try {
    operator = await upsertSsoOperator(store, { subject, username, role, now: rt.now() });
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    return refuse(
      rt,
      c,
      409,
      'name taken',
      'Your account cannot be used here',
      error.message,
      username,
    );
  }
  await startSession(rt, c, operator.id);
  await audit(rt, c, {
    ...fields,
    status: 303,
    outcome: 'ok',
    detail: operator.created ? `first sign-in as ${role}` : `signed in as ${role}`,
  });
  return c.redirect(pending.returnTo, 303);
}
