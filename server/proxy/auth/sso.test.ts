import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHarness,
  testHashCost,
  testHost,
  testOrigin,
  type Harness,
} from '../test-support/harness';
import {
  startIdentityProvider,
  testClient,
  testIdentities,
  testRoleMapping,
  type TestIdentityProvider,
} from '../test-support/identity-provider';
import { resetPassword } from './operators';
import { readSignInSettings } from './sso-settings';
import { maxPendingSignIns } from './sso-operators';
import { safeReturnTo } from './sso-addresses';

// Single sign-on against a real OpenID provider (oidc-provider on loopback): the console's own routes
// in process, the provider over HTTP, and a small browser that follows redirects and keeps cookies.

let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startIdentityProvider({ consoleOrigins: [testOrigin] });
});
afterAll(() => idp.close());

const ssoEnv = () => ({
  CONSOLE_OIDC_ISSUER: idp.issuer,
  CONSOLE_OIDC_CLIENT_ID: testClient.id,
  CONSOLE_OIDC_CLIENT_SECRET: testClient.secret,
  CONSOLE_OIDC_ROLES: testRoleMapping,
});

async function consoleWithSso(opts: { clockAheadMs?: number; passwordSignIn?: 'on' | 'off' } = {}) {
  const signIn = readSignInSettings({
    ...ssoEnv(),
    CONSOLE_PASSWORD_SIGN_IN: opts.passwordSignIn ?? 'on',
  });
  return createHarness({
    deps: {
      sso: signIn.sso,
      passwordSignIn: signIn.passwordSignIn,
      publicUrl: testOrigin,
    },
    // Tokens are issued on the provider's (real) clock; the console's clock may be moved ahead.
    hooks: { now: () => Date.now() + (opts.clockAheadMs ?? 0) },
  });
}

/** A browser: follows redirects, keeps each origin's cookies, fills the provider's sign-in form. */
function browser(h: Harness) {
  const jars = new Map<string, Map<string, string>>();
  const jar = (origin: string) => jars.get(origin) ?? jars.set(origin, new Map()).get(origin)!;
  const keep = (origin: string, res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
        jar(origin).delete(name);
      else jar(origin).set(name.trim(), value);
    }
  };
  const cookieOf = (origin: string) =>
    [...jar(origin)].map(([name, value]) => `${name}=${value}`).join('; ');

  const request = async (url: URL, init: { method?: string; form?: string } = {}) => {
    const headers: Record<string, string> = { cookie: cookieOf(url.origin) };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res =
      url.origin === testOrigin
        ? await h.app.request(`${url.pathname}${url.search}`, {
            method: init.method ?? 'GET',
            headers: { ...headers, host: testHost },
          })
        : await fetch(url, {
            method: init.method ?? 'GET',
            headers,
            body: init.form,
            redirect: 'manual',
          });
    keep(url.origin, res);
    return res;
  };

  /** Requests `url` and follows redirects until a page answers or the console sends it home. */
  const follow = async (url: URL, init: { method?: string; form?: string } = {}) => {
    let res = await request(url, init);
    for (let hops = 0; hops < 12 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get('location') ?? '/', url);
      // Back at the console outside its sign-in routes: that is where the browser lands.
      if (next.origin === testOrigin && !next.pathname.startsWith('/auth/'))
        return { res, url: next };
      url = next;
      res = await request(url);
    }
    return { res, url };
  };

  /** Starts at the console's sign-in link and signs in at the provider as `login`. */
  const signIn = async (login: string, returnTo = '/users') => {
    const atProvider = await follow(
      new URL(`/auth/sso/start?returnTo=${encodeURIComponent(returnTo)}`, testOrigin),
    );
    expect(atProvider.url.origin).toBe(idp.issuer);
    const form = await atProvider.res.text();
    const action = /action="([^"]+)"/.exec(form)?.[1] ?? '';
    return follow(new URL(action, idp.issuer), {
      method: 'POST',
      form: new URLSearchParams({ login }).toString(),
    });
  };

  const consoleCookie = () => cookieOf(testOrigin);
  return { signIn, follow, request, consoleCookie, jar };
}

const me = async (h: Harness, cookie: string) =>
  h.call('GET', '/auth/me', { cookie }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as unknown,
  }));

describe('Single sign-on with OpenID Connect', () => {
  it('signs each mapped user in with the role of their group, creates the operator once, and audits it', async () => {
    const h = await consoleWithSso();
    for (const [login, role] of [
      ['lena', 'admin'],
      ['omar', 'moderator'],
      ['sue', 'support'],
    ] as const) {
      const b = browser(h);
      const { res, url } = await b.signIn(login);
      expect(res.status).toBe(303);
      expect(url.pathname).toBe('/users');
      expect(await me(h, b.consoleCookie())).toMatchObject({
        status: 200,
        body: { username: login, role },
      });
    }
    // A second sign-in finds the same operator.
    await browser(h).signIn('lena');
    const rows = (await h.auditRows()).filter((row) => row.action === 'auth.sso');
    expect(rows.map((row) => [row.operator, row.outcome, row.detail])).toEqual([
      ['lena', 'ok', 'first sign-in as admin'],
      ['omar', 'ok', 'first sign-in as moderator'],
      ['sue', 'ok', 'first sign-in as support'],
      ['lena', 'ok', 'signed in as admin'],
    ]);
    const created = await h.store.db
      .selectFrom('operators')
      .select(['username', 'role', 'last_sign_in_at'])
      .where('sso_subject', 'is not', null)
      .orderBy('id')
      .execute();
    expect(
      created.map((o) => ({
        username: o.username,
        role: o.role,
        seen: o.last_sign_in_at !== null,
      })),
    ).toEqual([
      { username: 'lena', role: 'admin', seen: true },
      { username: 'omar', role: 'moderator', seen: true },
      { username: 'sue', role: 'support', seen: true },
    ]);
    // Such an operator has no password to sign in with.
    const byPassword = await h.call('POST', '/auth/login', {
      body: { username: 'lena', password: 'sso' },
    });
    expect(byPassword.status).toBe(401);
    await h.close();
  });

  it('takes the role from the provider at each sign-in, and refuses a user without a mapped group, ending their sessions', async () => {
    const h = await consoleWithSso();
    const first = browser(h);
    await first.signIn('omar');
    const groups = testIdentities.omar!.groups;
    try {
      testIdentities.omar!.groups = ['console-admins'];
      const promoted = browser(h);
      await promoted.signIn('omar');
      expect((await me(h, promoted.consoleCookie())).body).toMatchObject({
        username: 'omar',
        role: 'admin',
      });

      testIdentities.omar!.groups = ['marketing'];
      const { res } = await browser(h).signIn('omar');
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('You have no access to the console');
      // Every session of that operator ended with it: offboarding at the provider takes effect here.
      expect((await me(h, first.consoleCookie())).status).toBe(401);
      expect((await me(h, promoted.consoleCookie())).status).toBe(401);
    } finally {
      testIdentities.omar!.groups = groups;
    }
    const { res } = await browser(h).signIn('nobody');
    expect(res.status).toBe(403);
    expect(
      await h.store.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'nobody')
        .execute(),
    ).toEqual([]);
    expect(
      (await h.auditRows())
        .filter((row) => row.action === 'auth.sso' && row.outcome === 'denied')
        .map((row) => [row.operator, row.detail]),
    ).toEqual([
      ['omar', 'no mapped group; 2 session(s) ended'],
      ['nobody', 'no mapped group'],
    ]);
    await h.close();
  });

  it('refuses an answer whose state is not the one this browser started, before any code is redeemed', async () => {
    const h = await consoleWithSso();
    const b = browser(h);
    const atProvider = await b.follow(new URL('/auth/sso/start', testOrigin));
    const action = /action="([^"]+)"/.exec(await atProvider.res.text())?.[1] ?? '';
    // Submit the form but stop at the provider's redirect back to the console.
    let res = await b.request(new URL(action, idp.issuer), {
      method: 'POST',
      form: 'login=lena',
    });
    let url = new URL(action, idp.issuer);
    while (!new URL(res.headers.get('location') ?? '', url).href.startsWith(testOrigin)) {
      url = new URL(res.headers.get('location') ?? '', url);
      res = await b.request(url);
    }
    const answer = new URL(res.headers.get('location') ?? '', url);
    answer.searchParams.set('state', 'forged-state');
    const redeemed = idp.tokenRequests.ok + idp.tokenRequests.refused;
    const refused = await b.request(answer);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('does not belong to the sign-in this browser started');
    expect(idp.tokenRequests.ok + idp.tokenRequests.refused).toBe(redeemed);
    expect(b.consoleCookie()).not.toMatch(/console_session=/);
    await h.close();
  });

  it('refuses a replayed code: the same answer twice, and an old code under a new sign-in', async () => {
    const h = await consoleWithSso();
    const b = browser(h);
    const atProvider = await b.follow(new URL('/auth/sso/start', testOrigin));
    const action = /action="([^"]+)"/.exec(await atProvider.res.text())?.[1] ?? '';
    let url = new URL(action, idp.issuer);
    let res = await b.request(url, { method: 'POST', form: 'login=sue' });
    while (!new URL(res.headers.get('location') ?? '', url).href.startsWith(testOrigin)) {
      url = new URL(res.headers.get('location') ?? '', url);
      res = await b.request(url);
    }
    const answer = new URL(res.headers.get('location') ?? '', url);
    expect((await b.request(answer)).status).toBe(303);

    // The same answer again: this browser's sign-in was spent.
    const again = await b.request(answer);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('expired or was already used');

    // The old code under a fresh sign-in's state: the provider refuses to redeem it twice.
    const fresh = await b.request(new URL('/auth/sso/start', testOrigin));
    const freshState = new URL(fresh.headers.get('location') ?? '').searchParams.get('state') ?? '';
    answer.searchParams.set('state', freshState);
    const refusedBefore = idp.tokenRequests.refused;
    const replay = await b.request(answer);
    expect(replay.status).toBe(401);
    expect(idp.tokenRequests.refused).toBe(refusedBefore + 1);
    await h.close();
  });

  it('refuses an expired ID token: a console clock two hours past the token', async () => {
    const h = await consoleWithSso({ clockAheadMs: 2 * 60 * 60 * 1000 });
    const b = browser(h);
    const { res } = await b.signIn('lena');
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('This sign-in could not be verified');
    expect(b.consoleCookie()).not.toMatch(/console_session=/);
    const denied = (await h.auditRows()).find((row) => row.action === 'auth.sso');
    expect(denied?.outcome).toBe('denied');
    expect(String(denied?.detail)).toMatch(/^token refused: .*"exp".*expiration is past/);
    await h.close();
  });

  it('never takes over a password operator of the same name', async () => {
    const h = await consoleWithSso();
    await h.call('POST', '/console/operators', {
      cookie: h.cookies.admin,
      body: { username: 'lena', role: 'support', password: 'a long enough password' },
    });
    const { res } = await browser(h).signIn('lena');
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('already signs in another way');
    expect(
      await h.store.db
        .selectFrom('operators')
        .select(['role', 'sso_subject'])
        .where('username', '=', 'lena')
        .executeTakeFirst(),
    ).toEqual({ role: 'support', sso_subject: null });
    await h.close();
  });

  it('leaves the role and the password of a provider’s operator to the provider', async () => {
    const h = await consoleWithSso();
    await browser(h).signIn('omar');
    const list = await h.call('GET', '/console/operators', { cookie: h.cookies.admin });
    const operators = (await list.json()) as { data: { username: string; signsInWith: string }[] };
    expect(operators.data.find((o) => o.username === 'omar')?.signsInWith).toBe('sso');
    expect(operators.data.find((o) => o.username === 'admin')?.signsInWith).toBe('password');
    const promote = await h.call('PATCH', '/console/operators/omar', {
      cookie: h.cookies.admin,
      body: { role: 'admin' },
    });
    expect(promote.status).toBe(409);
    const refusal = (await promote.json()) as { error: { message: string } };
    expect(refusal.error.message).toContain('change it at the provider');
    await expect(
      resetPassword(h.store, 'omar', 'a long enough password', { hashCost: testHashCost }),
    ).rejects.toThrow(/identity provider, which keeps their password/);
    expect(
      await h.store.db
        .selectFrom('operators')
        .select(['role', 'password_hash'])
        .where('username', '=', 'omar')
        .executeTakeFirst(),
    ).toEqual({ role: 'moderator', password_hash: 'sso' });
    await h.close();
  });

  it('keeps a bounded number of unfinished sign-ins: a flood of starts is refused, expired ones make room', async () => {
    const h = await consoleWithSso();
    const soon = Date.now() + 60_000;
    const flood = Array.from({ length: maxPendingSignIns }, (_, n) => ({
      id_hash: `flood-${n}`,
      state: 's',
      nonce: 'n',
      code_verifier: 'v',
      return_to: '/',
      expires_at: soon,
    }));
    // In batches: a statement binds only so many values.
    for (let at = 0; at < flood.length; at += 1000) {
      await h.store.db
        .insertInto('sso_sign_ins')
        .values(flood.slice(at, at + 1000))
        .execute();
    }
    const refused = await h.call('GET', '/auth/sso/start');
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain('Too many sign-ins in progress');
    // Once they expire, a start is kept again and the expired ones are gone.
    await h.store.db
      .updateTable('sso_sign_ins')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const started = await h.call('GET', '/auth/sso/start');
    expect(started.status).toBe(302);
    expect(await h.store.db.selectFrom('sso_sign_ins').select('id_hash').execute()).toHaveLength(1);
    await h.close();
  });

  it('signs an operator out at the provider too, and can turn password sign-in off', async () => {
    const h = await consoleWithSso({ passwordSignIn: 'off' });
    const methods = await h.call('GET', '/auth/methods');
    expect(await methods.json()).toEqual({ password: false, sso: { label: 'single sign-on' } });
    const login = await h.call('POST', '/auth/login', {
      body: { username: 'admin', password: 'correct horse battery staple' },
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ error: { code: 'CONSOLE_PASSWORD_SIGN_IN_OFF' } });

    const b = browser(h);
    await b.signIn('lena');
    const out = await h.call('POST', '/auth/logout', { cookie: b.consoleCookie() });
    expect(out.status).toBe(200);
    const { signOutUrl } = (await out.json()) as { signOutUrl: string };
    const target = new URL(signOutUrl);
    expect(target.origin).toBe(idp.issuer);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${testOrigin}/sign-in`);
    expect((await me(h, b.consoleCookie())).status).toBe(401);
    await h.close();

    // A password operator signing out is not sent anywhere.
    const withPasswords = await consoleWithSso();
    const plain = await withPasswords.call('POST', '/auth/logout', {
      cookie: withPasswords.cookies.support,
    });
    expect(plain.status).toBe(204);
    await withPasswords.close();
  });
});

describe('Single sign-on settings', () => {
  it('reads the role mapping, requires the client, and refuses to turn passwords off without SSO', () => {
    const settings = readSignInSettings({
      CONSOLE_OIDC_ISSUER: 'https://id.example.com/',
      CONSOLE_OIDC_CLIENT_ID: 'console',
      CONSOLE_OIDC_CLIENT_SECRET: 's3cret',
      CONSOLE_OIDC_ROLES: 'admin=leads, moderator=t-and-s|t-and-s-night ,support=desk',
    });
    expect(settings.passwordSignIn).toBe(true);
    expect(settings.sso?.issuer).toBe('https://id.example.com');
    expect(settings.sso?.roleClaim).toBe('groups');
    expect([...(settings.sso?.roles ?? [])]).toEqual([
      ['leads', 'admin'],
      ['t-and-s', 'moderator'],
      ['t-and-s-night', 'moderator'],
      ['desk', 'support'],
    ]);
    expect(() => readSignInSettings({ CONSOLE_PASSWORD_SIGN_IN: 'off' })).toThrow(
      /nobody could sign in/,
    );
    expect(() => readSignInSettings({ CONSOLE_OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /CONSOLE_OIDC_CLIENT_ID: required[\s\S]*CONSOLE_OIDC_CLIENT_SECRET/,
    );
    expect(() =>
      readSignInSettings({ ...ssoEnvFixed, CONSOLE_OIDC_ISSUER: 'http://id.example.com' }),
    ).toThrow(/must be an https URL/);
    expect(() => readSignInSettings({ ...ssoEnvFixed, CONSOLE_OIDC_ROLES: 'owner=x' })).toThrow(
      /"owner" is not a console role/,
    );
    expect(() =>
      readSignInSettings({ ...ssoEnvFixed, CONSOLE_OIDC_ROLES: 'admin=x,support=x' }),
    ).toThrow(/mapped to both admin and support/);
  });

  it('sends the browser back only to a path of this console', () => {
    expect(safeReturnTo('/users?page=2')).toBe('/users?page=2');
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo('/auth/logout')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
  });
});

const ssoEnvFixed = {
  CONSOLE_OIDC_ISSUER: 'https://id.example.com',
  CONSOLE_OIDC_CLIENT_ID: 'console',
  CONSOLE_OIDC_CLIENT_SECRET: 's3cret',
  CONSOLE_OIDC_ROLES: 'admin=leads',
};
