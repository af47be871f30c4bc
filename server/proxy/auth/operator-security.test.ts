import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addOperator, removeOperator, setOperatorRole } from './operators';
import { passwordMessages } from './password-policy';
import { upsertSsoOperator } from './sso-operators';
import { createHarness, testHashCost, testPassword, type Harness } from '../test-support/harness';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
const errorOf = async (res: Response) => errorSchema.parse(await res.json()).error;
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('password rules on the operators page', () => {
  it('refuses common passwords and ones holding the username, field by field, adding nobody', async () => {
    const add = (username: string, password: string) =>
      h.call('POST', '/console/operators', {
        cookie: h.cookies.admin,
        body: { username, role: 'support', password },
      });
    const common = await add('zoe', 'Qwertyuiopasdf');
    expect(common.status).toBe(400);
    expect((await errorOf(common)).details).toEqual({ password: [passwordMessages.common] });
    const named = await add('zoe-lang', 'welcome zoe-lang 2030');
    expect((await errorOf(named)).details).toEqual({ password: [passwordMessages.username] });
    const short = await add('zoe', 'short');
    expect((await errorOf(short)).details).toEqual({ password: ['At least 12 characters'] });
    const list = z
      .object({ data: z.array(z.object({ username: z.string() })) })
      .parse(await (await h.call('GET', '/console/operators', { cookie: h.cookies.admin })).json());
    expect(list.data.map((o) => o.username)).toEqual(['admin', 'moderator', 'support']);
  });
});

describe('an initial password', () => {
  const initial = 'set by an admin, initially';

  it('must be changed before anything else, then everything works', async () => {
    const added = await h.call('POST', '/console/operators', {
      cookie: h.cookies.admin,
      body: { username: 'zoe', role: 'moderator', password: initial },
    });
    expect(added.status).toBe(201);
    const signIn = await h.call('POST', '/auth/login', {
      body: { username: 'zoe', password: initial },
    });
    expect(await signIn.json()).toEqual({
      username: 'zoe',
      role: 'moderator',
      mustChangePassword: true,
    });
    const zoe = (signIn.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
    const otherBrowser = await h.login('zoe', initial);

    for (const [method, path] of [
      ['GET', '/api/users'],
      ['GET', '/console/audit?operation=blocked.review'],
      ['DELETE', '/api/moderation/reasons/spam'],
    ] as const) {
      const refused = await h.call(method, path, { cookie: zoe });
      expect(refused.status, path).toBe(403);
      expect((await errorOf(refused)).code).toBe('CONSOLE_PASSWORD_CHANGE_REQUIRED');
    }
    expect(h.upstream.seen).toEqual([]);
    expect((await h.call('GET', '/auth/me', { cookie: zoe })).status).toBe(200);

    const change = (newPassword: string) =>
      h.call('POST', '/auth/password', { cookie: zoe, body: { newPassword } });
    const same = await change(initial);
    expect((await errorOf(same)).details).toEqual({ newPassword: [passwordMessages.same] });
    const common = await change('passwordpassword');
    expect((await errorOf(common)).details).toEqual({ newPassword: [passwordMessages.common] });
    const done = await change('she chose this one herself');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ username: 'zoe', role: 'moderator' });

    expect((await h.call('GET', '/api/users', { cookie: zoe })).status).toBe(200);
    expect(h.upstream.seen.map((r) => r.url)).toEqual(['/v3/users']);
    // The browser that signed in with the initial password is signed out.
    expect((await h.call('GET', '/auth/me', { cookie: otherBrowser })).status).toBe(401);
    await expect(h.login('zoe', initial)).rejects.toThrow('401');
    await h.login('zoe', 'she chose this one herself');
    expect(
      (await h.auditRows())
        .filter((r) => r.action === 'auth.change-password')
        .map((r) => `${String(r.outcome)} ${String(r.detail)}`),
    ).toEqual([
      `denied ${passwordMessages.same}`,
      `denied Invalid password: ${passwordMessages.common}`,
      'ok initial password replaced',
    ]);
    expect(JSON.stringify(await h.auditRows())).not.toContain('she chose this one herself');
  });
});

describe("changing one's own password", () => {
  it('asks for the current password, then ends the other sessions', async () => {
    const other = await h.login('support');
    const change = (body: Record<string, string>) =>
      h.call('POST', '/auth/password', { cookie: h.cookies.support, body });
    const missing = await change({ newPassword: 'a brand new passphrase' });
    expect((await errorOf(missing)).details).toEqual({
      currentPassword: ['Enter your current password'],
    });
    const wrong = await change({
      currentPassword: 'not my password',
      newPassword: 'a brand new passphrase',
    });
    expect((await errorOf(wrong)).details).toEqual({
      currentPassword: ['The current password is wrong'],
    });
    const done = await change({
      currentPassword: testPassword,
      newPassword: 'a brand new passphrase',
    });
    expect(done.status).toBe(200);
    expect((await h.call('GET', '/auth/me', { cookie: h.cookies.support })).status).toBe(200);
    expect((await h.call('GET', '/auth/me', { cookie: other })).status).toBe(401);
    await expect(h.login('support')).rejects.toThrow('401');
  });
});

it('leaves the password of an operator of the identity provider to the provider', async () => {
  await h.store.db
    .updateTable('operators')
    .set({ sso_subject: 'provider-subject-1' })
    .where('username', '=', 'support')
    .execute();
  const res = await h.call('POST', '/auth/password', {
    cookie: h.cookies.support,
    body: { currentPassword: testPassword, newPassword: 'a brand new passphrase' },
  });
  expect(res.status).toBe(409);
  expect((await errorOf(res)).message).toMatch(/single sign-on/);
  await h.login('support');
});

describe('operator changes at the same moment (on any replica)', () => {
  // Connections open beforehand, so that the changes below do run at the same moment on PostgreSQL.
  beforeEach(async () => {
    await Promise.all(Array.from({ length: 8 }, () => sql`SELECT 1`.execute(h.store.db)));
  });

  it('leave one admin when the last two are demoted and removed together', async () => {
    await addOperator(
      h.store,
      { username: 'second-admin', role: 'admin', password: testPassword },
      { hashCost: testHashCost },
    );
    const results = await Promise.allSettled([
      setOperatorRole(h.store, 'admin', 'support'),
      removeOperator(h.store, 'second-admin'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const admins = await h.store.db
      .selectFrom('operators')
      .select('username')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });

  it("create one operator for simultaneous first sign-ins of one provider's account", async () => {
    const signIn = () =>
      upsertSsoOperator(h.store, {
        subject: 'provider-subject-2',
        username: 'lena',
        role: 'moderator',
        now: h.clock.now,
      });
    const all = await Promise.all(Array.from({ length: 6 }, signIn));
    expect(all.filter((o) => o.created)).toHaveLength(1);
    expect(new Set(all.map((o) => o.id)).size).toBe(1);
  });
});

describe('sessions, for admins', () => {
  const sessionsSchema = z.object({
    data: z.array(
      z.object({
        id: z.string(),
        createdAt: z.string(),
        lastSeenAt: z.string(),
        client: z.string().nullable(),
        address: z.string().nullable(),
        current: z.boolean(),
      }),
    ),
  });
  const sessionsOf = async (username: string) =>
    sessionsSchema.parse(
      await (
        await h.call('GET', `/console/operators/${username}/sessions`, { cookie: h.cookies.admin })
      ).json(),
    ).data;

  it("lists each operator's sessions with their browser, and the last sign-in", async () => {
    h.clock.now += 60_000;
    const res = await h.call('POST', '/auth/login', {
      body: { username: 'moderator', password: testPassword },
      headers: { 'user-agent': firefox },
    });
    expect(res.status).toBe(200);
    const sessions = await sessionsOf('moderator');
    expect(sessions.map((s) => s.client)).toEqual(['Firefox 133 on Linux', null]);
    expect(sessions.map((s) => s.current)).toEqual([false, false]);
    expect(sessions[0]?.createdAt).toBe(new Date(h.clock.now).toISOString());
    expect((await sessionsOf('admin')).map((s) => s.current)).toEqual([true]);
    const operators = z
      .object({
        data: z.array(
          z.object({ username: z.string(), lastSignInAt: z.string(), activeSessions: z.number() }),
        ),
      })
      .parse(await (await h.call('GET', '/console/operators', { cookie: h.cookies.admin })).json());
    expect(operators.data.find((o) => o.username === 'moderator')).toEqual({
      username: 'moderator',
      lastSignInAt: new Date(h.clock.now).toISOString(),
      activeSessions: 2,
    });
    const refused = await h.call('GET', '/console/operators/moderator/sessions', {
      cookie: h.cookies.moderator,
    });
    expect(refused.status).toBe(403);
  });

  it('revokes one session or all: the revoked browser gets 401 at its next request', async () => {
    const second = await h.login('moderator');
    const [newest] = await sessionsOf('moderator');
    const revoke = await h.call('DELETE', `/console/operators/moderator/sessions/${newest?.id}`, {
      cookie: h.cookies.admin,
    });
    expect(await revoke.json()).toEqual({ revoked: 1 });
    // Both sessions were created at the same instant; exactly one of them is gone.
    const statuses = await Promise.all(
      [h.cookies.moderator, second].map(
        async (cookie) => (await h.call('GET', '/api/users', { cookie })).status,
      ),
    );
    expect(statuses.sort()).toEqual([200, 401]);
    expect(h.upstream.seen).toHaveLength(1);
    const again = await h.call('DELETE', `/console/operators/moderator/sessions/${newest?.id}`, {
      cookie: h.cookies.admin,
    });
    expect(again.status).toBe(404);

    const all = await h.call('DELETE', '/console/operators/moderator/sessions', {
      cookie: h.cookies.admin,
    });
    expect(await all.json()).toEqual({ revoked: 1 });
    for (const cookie of [h.cookies.moderator, second]) {
      expect((await h.call('GET', '/api/users', { cookie })).status).toBe(401);
    }
    expect(h.upstream.seen).toHaveLength(1);
    expect(
      (await h.auditRows())
        .filter((r) => String(r.action).startsWith('operators.revoke'))
        .map((r) => `${String(r.action)} ${String(r.outcome)}`),
    ).toEqual([
      'operators.revoke-session ok',
      'operators.revoke-session failed',
      'operators.revoke-sessions ok',
    ]);
  });
});
