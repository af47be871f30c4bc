import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignInToken, removeOperator, resetPassword, setOperatorRole } from './operators';
import {
  createHarness,
  testHashCost,
  testOrigin,
  testPassword,
  type Harness,
} from '../test-support/harness';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const minutes = (n: number) => n * 60 * 1000;
const me = (cookie: string) => h.call('GET', '/auth/me', { cookie });
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';

describe('session cookie (T7)', () => {
  it('is HttpOnly, SameSite=Strict, Path=/, with 256 random bits, and names the operator', async () => {
    const res = await h.call('POST', '/auth/login', {
      body: { username: 'Moderator', password: testPassword },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: 'moderator', role: 'moderator' });
    const header = res.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^console_session=[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Domain');
    expect(h.lines.join('')).not.toContain(cookieOf(res).split('=')[1]);
  });

  it('uses the __Host- prefix and Secure over https', async () => {
    await h.close();
    h = await createHarness({ deps: { secure: true } });
    const res = await h.app.request('/auth/login', {
      method: 'POST',
      headers: {
        host: '127.0.0.1:8080',
        origin: 'https://127.0.0.1:8080',
        'x-requested-with': 'x',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ username: 'admin', password: testPassword }),
    });
    expect(res.status).toBe(200);
    const header = res.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^__Host-console_session=[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('Secure');
    expect(header).toContain('Path=/');
  });

  it('rotates at every sign-in and ends the session the browser held', async () => {
    const first = h.cookies.support;
    const res = await h.call('POST', '/auth/login', {
      cookie: first,
      body: { username: 'support', password: testPassword },
    });
    const second = cookieOf(res);
    expect(second).not.toBe(first);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });

  it('logout ends the session server-side: the old cookie is dead (back button)', async () => {
    const cookie = h.cookies.admin;
    const res = await h.call('POST', '/auth/logout', { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/console_session=; Max-Age=0/);
    expect((await me(cookie)).status).toBe(401);
    expect((await h.call('GET', '/api/users', { cookie })).status).toBe(401);
    expect(h.upstream.seen).toEqual([]);
    expect(await (await me(cookie)).json()).toEqual({
      error: { code: 'CONSOLE_UNAUTHENTICATED', message: 'Sign in to continue.' },
    });
  });

  it('expires after 30 minutes idle', async () => {
    const cookie = h.cookies.admin;
    h.clock.now += minutes(29);
    expect((await me(cookie)).status).toBe(200);
    h.clock.now += minutes(29);
    expect((await me(cookie)).status).toBe(200);
    h.clock.now += minutes(30);
    expect((await me(cookie)).status).toBe(401);
    h.clock.now += minutes(1);
    expect((await me(cookie)).status).toBe(401);
  });

  it('expires 12 hours after sign-in however active', async () => {
    const cookie = h.cookies.admin;
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      h.clock.now += minutes(20);
      expect((await me(cookie)).status, `after ${elapsed + 20} min`).toBe(200);
    }
    h.clock.now += minutes(20);
    expect((await me(cookie)).status).toBe(401);
  });

  it('follows account changes at once: role, removal, password reset', async () => {
    await setOperatorRole(h.store, 'moderator', 'support');
    expect(await (await me(h.cookies.moderator)).json()).toEqual({
      username: 'moderator',
      role: 'support',
    });
    expect(
      (await h.call('DELETE', '/api/moderation/reasons/spam', { cookie: h.cookies.moderator }))
        .status,
    ).toBe(403);
    await removeOperator(h.store, 'moderator');
    expect((await me(h.cookies.moderator)).status).toBe(401);
    await resetPassword(h.store, 'support', 'a brand new passphrase', { hashCost: testHashCost });
    expect((await me(h.cookies.support)).status).toBe(401);
  });
});

describe('sign-in failures (T11; throttling: sign-in-throttle.test.ts)', () => {
  const attempt = (username: string, password: string) =>
    h.call('POST', '/auth/login', { body: { username, password } });

  it('answers wrong password and unknown user alike, without a cookie', async () => {
    const wrong = await attempt('admin', 'not the password');
    const unknown = await attempt('nobody', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect((await h.auditRows()).slice(-2)).toEqual([
      expect.objectContaining({
        action: 'auth.login',
        operator: 'admin',
        outcome: 'denied',
        detail: 'wrong credentials',
      }),
      expect.objectContaining({
        action: 'auth.login',
        operator: 'nobody',
        outcome: 'denied',
        detail: 'wrong credentials',
      }),
    ]);
  });

  it('refuses a malformed body', async () => {
    for (const body of [
      {},
      { username: 'admin' },
      { username: 'admin', password: 'x', extra: 1 },
      'not json',
    ]) {
      expect((await h.call('POST', '/auth/login', { body })).status).toBe(400);
    }
  });
});

describe('one-time sign-in link', () => {
  it('signs in once, redirects home, and is dead afterwards', async () => {
    const token = await createSignInToken(h.store, 'admin', { now: h.clock.now });
    const first = await h.call('GET', `/auth/one-time?token=${token}`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const cookie = cookieOf(first);
    expect(await (await me(cookie)).json()).toEqual({ username: 'admin', role: 'admin' });
    const again = await h.call('GET', `/auth/one-time?token=${token}`);
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(h.lines.join('')).not.toContain(token);
  });

  it('expires after 15 minutes', async () => {
    const token = await createSignInToken(h.store, 'admin', { now: h.clock.now });
    h.clock.now += minutes(15);
    expect((await h.call('GET', `/auth/one-time?token=${token}`)).status).toBe(401);
    const fresh = await createSignInToken(h.store, 'admin', { now: h.clock.now });
    h.clock.now += minutes(14);
    expect((await h.call('GET', `/auth/one-time?token=${fresh}`)).status).toBe(303);
  });

  it('refuses made-up tokens', async () => {
    for (const token of ['', 'x', 'A'.repeat(43), `${'A'.repeat(42)}%00`]) {
      expect((await h.call('GET', `/auth/one-time?token=${token}`)).status).toBe(401);
    }
    // Identical unauthenticated refusals within a minute share one row; the next minute's starts anew.
    const refusals = async () =>
      (await h.auditRows()).filter((r) => r.action === 'auth.one-time' && r.outcome === 'denied');
    expect(await refusals()).toHaveLength(1);
    h.clock.now += minutes(1);
    expect((await h.call('GET', '/auth/one-time?token=x')).status).toBe(401);
    expect((await refusals()).map((r) => r.repeat_count)).toEqual([4, 1]);
  });
});

it('keeps the origin check on sign-in itself', async () => {
  const res = await h.call('POST', '/auth/login', {
    body: { username: 'admin', password: testPassword },
    headers: { origin: 'http://evil.example' },
  });
  expect(res.status).toBe(403);
  expect(res.headers.get('set-cookie')).toBeNull();
  expect(testOrigin).toBe('http://127.0.0.1:8080');
});
