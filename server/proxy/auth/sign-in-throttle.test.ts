import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, testPassword, type Harness } from '../test-support/harness';

/** Sign-in throttling (decision 0003): delays per account and client, growing, never a lock. */
let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const office = '198.51.100.7';
const attacker = '203.0.113.66';
const attempt = (username: string, password: string, client = attacker) =>
  h.call('POST', '/auth/login', { body: { username, password }, client });
const seconds = (res: Response) => Number(res.headers.get('retry-after'));

describe('failed sign-ins from one client on one account', () => {
  it('check 5 passwords, then make the client wait, twice as long after each further failure', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('admin', `guess ${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 5; i < 9; i++) {
      const refused = await attempt('admin', `guess ${i}`);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: { code: 'CONSOLE_LOGIN_THROTTLED' } });
      waits.push(seconds(refused));
      h.clock.now += seconds(refused) * 1000;
      expect((await attempt('admin', `guess ${i}`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The right password is not even checked while this client waits, so it cannot be confirmed.
    expect((await attempt('admin', testPassword)).status).toBe(429);
    h.clock.now += 16 * 60 * 1000;
    expect((await attempt('admin', testPassword)).status).toBe(200);
  });

  it('never stop the operator signing in from another client, nor end their sessions', async () => {
    for (let failures = 0; failures < 10;) {
      const res = await attempt('admin', `guess ${failures}`);
      if (res.status === 429) h.clock.now += seconds(res) * 1000;
      else expect(res.status, `failure ${++failures}`).toBe(401);
    }
    expect((await attempt('admin', 'guess 11')).status).toBe(429);
    expect((await attempt('admin', testPassword, office)).status).toBe(200);
    expect((await h.call('GET', '/auth/me', { cookie: h.cookies.admin })).status).toBe(200);
  });

  it('count concurrent attempts before their hashes run: 34 at once check at most 5', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 34 }, (_, i) =>
        attempt('admin', `guess ${i}`).then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429 && s !== 503)).toEqual([]);
  });

  it('start again from nothing after the right password', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt('admin', `guess ${i}`)).status).toBe(401);
    expect((await attempt('admin', testPassword)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('admin', `again ${i}`)).status).toBe(401);
    expect((await attempt('admin', 'one more')).status).toBe(429);
  });
});

describe('failed sign-ins across accounts and clients', () => {
  it('slow down one client trying many accounts after 20, and only that client', async () => {
    for (let i = 0; i < 20; i++)
      expect((await attempt(`user${i}`, 'wrong password')).status).toBe(401);
    expect((await attempt('user-next', 'wrong password')).status).toBe(429);
    expect((await attempt('user-next', 'wrong password', office)).status).toBe(401);
    expect((await attempt('moderator', testPassword, office)).status).toBe(200);
  });

  it('delay everyone a little once five clients failed on one account, at most 60 s', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('admin', 'wrong password', `203.0.113.${i}`)).status).toBe(401);
    const delayed = await attempt('admin', testPassword, office);
    expect(delayed.status).toBe(429);
    expect(seconds(delayed)).toBe(1);
    h.clock.now += 1000;
    expect((await attempt('admin', testPassword, office)).status).toBe(200);
    for (let i = 5; i < 11; i++) {
      h.clock.now += 60_000;
      expect((await attempt('admin', 'wrong password', `203.0.113.${i}`)).status).toBe(401);
    }
    const longest = await attempt('admin', testPassword, office);
    expect(longest.status).toBe(429);
    expect(seconds(longest)).toBe(60);
  });

  it('on a shared loopback address, never lock out other accounts, and delay at most 60 s', async () => {
    const loopback = '127.0.0.1';
    for (let i = 0; i < 25; i++)
      expect((await attempt(`user${i}`, 'wrong password', loopback)).status).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await attempt('admin', `guess ${i}`, loopback)).status).toBe(401);
    expect((await attempt('admin', testPassword, loopback)).status).toBe(429);
    expect((await attempt('moderator', testPassword, loopback)).status).toBe(200);
    expect((await attempt('support', testPassword, '::1')).status).toBe(200);
    for (let i = 5; i < 11; i++) {
      h.clock.now += 60_000;
      expect((await attempt('admin', `guess ${i}`, loopback)).status).toBe(401);
    }
    expect(seconds(await attempt('admin', testPassword, loopback))).toBe(60);
  });
});

describe('sign-in throttling behind a trusted reverse proxy', () => {
  const proxy = '10.0.0.1';
  const viaProxy = (h2: Harness, forwardedFor: string, username: string) =>
    h2.call('POST', '/auth/login', {
      body: { username, password: 'wrong password' },
      client: proxy,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts per real client named by the proxy, not one for the proxy', async () => {
    const h2 = await createHarness({ deps: { trustedProxies: [proxy] } });
    try {
      for (let i = 0; i < 20; i++)
        expect((await viaProxy(h2, '203.0.113.5', `user${i}`)).status).toBe(401);
      expect((await viaProxy(h2, '203.0.113.5', 'user-next')).status).toBe(429);
      // A client-supplied hop on the left is not believed: the proxy's own hop is the client.
      expect((await viaProxy(h2, '198.51.100.9, 203.0.113.5', 'user-other')).status).toBe(429);
      expect((await viaProxy(h2, '203.0.113.6', 'user-next')).status).toBe(401);
    } finally {
      await h2.close();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    for (let i = 0; i < 20; i++)
      expect((await viaProxy(h, `203.0.113.${i}`, `user${i}`)).status).toBe(401);
    expect((await viaProxy(h, '203.0.113.200', 'user-next')).status).toBe(429);
  });
});
