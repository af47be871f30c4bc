import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reportedPermissionsResponseSchema } from '../../../src/api/schemas/reported-permissions';
import {
  createEmulatorHarness,
  createHarness,
  type EmulatorHarness,
} from '../test-support/harness';

// The console in front of the real emulator, in process.
let h: EmulatorHarness;
beforeEach(async () => {
  h = await createEmulatorHarness();
});
afterEach(() => h.close());

const reported = async (role: string, cookie = h.cookies.support) => {
  const res = await h.call('GET', `/console/roles/${role}/reported-permissions`, { cookie });
  expect(res.status).toBe(200);
  return reportedPermissionsResponseSchema.parse(await res.json()).data;
};

const historyRows = () =>
  h.store.db
    .selectFrom('reported_permissions')
    .select(['role', 'reported_by', 'operation', 'request_id'])
    .orderBy('id')
    .execute();

describe('permission maps reported by the service', () => {
  it('has nothing to show before any permission write', async () => {
    expect(await reported('default')).toBeNull();
  });

  it('records the map of a PUT answer, with when and which operator, and serves it to every operator', async () => {
    const put = await h.call('PUT', '/api/roles/default/permissions', {
      cookie: h.cookies.admin,
      body: { permissions: { sendMessage: 'deny' } },
    });
    expect(put.status).toBe(200);
    const answer = z
      .object({ data: z.object({ permissions: z.record(z.string(), z.unknown()) }) })
      .parse(await put.json());

    for (const cookie of [h.cookies.admin, h.cookies.moderator, h.cookies.support]) {
      expect(await reported('default', cookie)).toEqual({
        role: 'default',
        permissions: answer.data.permissions,
        reportedAt: h.clock.now,
        reportedBy: 'admin',
      });
    }
    expect((await reported('default'))?.permissions.sendMessage).toBe('deny');
    expect(await reported('manager')).toBeNull();
    const rows = await historyRows();
    expect(rows.map(({ request_id: _id, ...rest }) => rest)).toEqual([
      { role: 'default', reported_by: 'admin', operation: 'PUT' },
    ]);
    expect(rows[0]?.request_id).not.toBe('');
  });

  it('records the map of a DELETE answer as the newest report and keeps the earlier one', async () => {
    await h.call('PUT', '/api/roles/default/permissions', {
      cookie: h.cookies.admin,
      body: { permissions: { sendMessage: 'deny', initiateCall: 'deny' } },
    });
    h.clock.now += 60_000;
    const del = await h.call('DELETE', '/api/roles/default/permissions/sendMessage', {
      cookie: h.cookies.admin,
    });
    expect(del.status).toBe(200);

    const latest = await reported('default');
    expect(latest).toMatchObject({ reportedAt: h.clock.now, reportedBy: 'admin' });
    expect(latest?.permissions).toMatchObject({ sendMessage: 'allow', initiateCall: 'deny' });
    expect((await historyRows()).map((r) => r.operation)).toEqual(['PUT', 'DELETE']);
  });

  it('records nothing for an answer that is not a success', async () => {
    const invalid = await h.call('PUT', '/api/roles/default/permissions', {
      cookie: h.cookies.admin,
      body: { permissions: { sendMessage: 'sometimes' } },
    });
    expect(invalid.status).toBe(400);
    const missing = await h.call('DELETE', '/api/roles/no-such-role/permissions/sendMessage', {
      cookie: h.cookies.admin,
    });
    expect(missing.status).toBe(404);
    expect(await reported('default')).toBeNull();
    expect(await historyRows()).toEqual([]);
  });

  it('records nothing for a refused call that never reached the service', async () => {
    const refused = await h.call('PUT', '/api/roles/default/permissions', {
      cookie: h.cookies.moderator,
      body: { permissions: { sendMessage: 'deny' } },
    });
    expect(refused.status).toBe(403);
    expect(await historyRows()).toEqual([]);
  });

  it('refuses an invalid role id, a missing session and a cross-site read', async () => {
    const bad = await h.call('GET', '/console/roles/a.b/reported-permissions', {
      cookie: h.cookies.admin,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'CONSOLE_BAD_REQUEST', details: { role: [expect.any(String)] } },
    });
    const long = await h.call('GET', `/console/roles/${'r'.repeat(101)}/reported-permissions`, {
      cookie: h.cookies.admin,
    });
    expect(long.status).toBe(400);
    const anonymous = await h.call('GET', '/console/roles/default/reported-permissions');
    expect(anonymous.status).toBe(401);
    const crossSite = await h.call('GET', '/console/roles/default/reported-permissions', {
      cookie: h.cookies.admin,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('permission answers without a map', () => {
  it('records nothing and says so in the debug log', async () => {
    const other = await createHarness({ reply: () => ({ status: 200, body: '{"data":{}}' }) });
    try {
      const put = await other.call('PUT', '/api/roles/default/permissions', {
        cookie: other.cookies.admin,
        body: { permissions: { sendMessage: 'deny' } },
      });
      expect(put.status).toBe(200);
      const count = await other.store.db
        .selectFrom('reported_permissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      expect(count).toEqual({ n: 0 });
      expect(other.lines.join('')).toContain('permission answer without data.permissions');
    } finally {
      await other.close();
    }
  });
});
