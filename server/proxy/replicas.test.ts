import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignInToken } from './auth/operators';
import { createHarness, testPassword, type Harness } from './test-support/harness';

/**
 * Two console servers on one store, as two replicas behind a load balancer: nothing but the store is
 * shared, and each request may land on either. In the PostgreSQL variant the store is one PostgreSQL
 * database (decision 0019).
 */
let h: Harness;
let b: ReturnType<Harness['replica']>;
beforeEach(async () => {
  h = await createHarness({ deps: { rateLimit: { perSecond: 1, burst: 4, settleMs: 5 } } });
  b = h.replica();
});
afterEach(() => h.close());

const me = (call: Harness['call'], cookie: string) => call('GET', '/auth/me', { cookie });

describe('two replicas on one store', () => {
  it('accept a session made on the other, and end it at once when it signs out there', async () => {
    expect(await (await me(b.call, h.cookies.moderator)).json()).toEqual({
      username: 'moderator',
      role: 'moderator',
    });
    expect((await h.call('POST', '/auth/logout', { cookie: h.cookies.moderator })).status).toBe(
      204,
    );
    expect((await me(b.call, h.cookies.moderator)).status).toBe(401);
  });

  it('apply a role change or a removal made on the other at the next request', async () => {
    const demote = await h.call('PATCH', '/console/operators/moderator', {
      cookie: h.cookies.admin,
      body: { role: 'support' },
    });
    expect(demote.status).toBe(200);
    expect(await (await me(b.call, h.cookies.moderator)).json()).toMatchObject({ role: 'support' });
    const write = await b.call('DELETE', '/api/moderation/reasons/spam', {
      cookie: h.cookies.moderator,
    });
    expect(write.status).toBe(403);
    expect(h.upstream.seen.filter((seen) => seen.method === 'DELETE')).toEqual([]);

    const removal = await b.call('DELETE', '/console/operators/support', {
      cookie: h.cookies.admin,
    });
    expect(removal.status).toBe(204);
    expect((await me(h.call, h.cookies.support)).status).toBe(401);
  });

  it('spend a one-time link once, even when both are asked at the same moment', async () => {
    const token = await createSignInToken(h.store, 'admin', { now: h.clock.now });
    const answers = await Promise.all([
      h.call('GET', `/auth/one-time?token=${token}`),
      b.call('GET', `/auth/one-time?token=${token}`),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([303, 401]);
  });

  it('share one sign-in throttle: failures on either count against the account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const call = i % 2 ? b.call : h.call;
      const res = await call('POST', '/auth/login', {
        body: { username: 'admin', password: `guess ${i}` },
        client: '203.0.113.66',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const signIn = (client: string) =>
      b.call('POST', '/auth/login', {
        body: { username: 'admin', password: testPassword },
        client,
      });
    expect((await signIn('203.0.113.66')).status).toBe(429);
    // Only that client waits: the account's owner signs in from their own.
    expect((await signIn('198.51.100.7')).status).toBe(200);
  });

  it('share one rate limit per operator, settled between them within a period', async () => {
    const statuses: number[] = [];
    const callBoth = async () => {
      for (const call of [h.call, b.call, h.call, b.call])
        statuses.push((await call('GET', '/api/users', { cookie: h.cookies.support })).status);
    };
    await callBoth();
    // Each replica granted two of its own burst of 4; once both settled, each knows the other's two.
    // On PostgreSQL the shared row then holds none, and a few more periods bring it to both.
    if (h.store.engine === 'postgres') {
      await vi.waitFor(async () => {
        const rows = await h.store.db.selectFrom('rate_buckets').select('tokens').execute();
        expect(rows.map((row) => row.tokens <= 0)).toEqual([true]);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await callBoth();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
  });

  it('write one audit trail, in the order the writes happened, read alike from either', async () => {
    for (let i = 0; i < 6; i++) {
      const call = i % 2 ? b.call : h.call;
      h.clock.now += 1000; // within the operator's rate limit
      const res = await call('DELETE', `/api/messages/${100 + i}`, { cookie: h.cookies.admin });
      expect(res.status).toBe(200);
    }
    const read = async (call: Harness['call']) => {
      const res = await call('GET', '/console/audit?operation=messages.delete&perPage=10', {
        cookie: h.cookies.admin,
      });
      const body = (await res.json()) as { data: { targets: { id: string } }[] };
      return body.data.map((entry) => entry.targets.id);
    };
    const newestFirst = ['105', '104', '103', '102', '101', '100'];
    expect(await read(h.call)).toEqual(newestFirst);
    expect(await read(b.call)).toEqual(newestFirst);
  });
});
