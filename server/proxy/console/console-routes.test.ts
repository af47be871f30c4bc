import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../src/api/schemas/common';
import {
  auditListResponseSchema,
  operatorListResponseSchema,
} from '../../../src/api/schemas/console';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const listAudit = async (query = '') => {
  const res = await h.call('GET', `/console/audit${query}`, { cookie: h.cookies.admin });
  expect(res.status).toBe(200);
  return auditListResponseSchema.parse(await res.json());
};

describe('audit trail (T12)', () => {
  it('records each state-changing call exactly once, with who, what, target, outcome and timing', async () => {
    await h.call('GET', '/console/audit', { cookie: h.cookies.admin });
    const start = (await h.auditRows()).length;
    h.upstream.setReply((req) =>
      req.url.includes('/users')
        ? { status: 200 }
        : { status: 404, body: '{"error":{"code":"ERR_MESSAGE_ID_NOT_FOUND","message":"no"}}' },
    );
    await h.call('DELETE', '/api/users', {
      cookie: h.cookies.admin,
      body: { uidsToDeactivate: ['ann', 'bob'] },
    });
    await h.call('DELETE', '/api/messages/77', {
      cookie: h.cookies.moderator,
      body: { permanent: false },
    });
    await h.call('GET', '/api/users', { cookie: h.cookies.admin });
    const rows = (await h.auditRows()).slice(start);
    expect(rows).toEqual([
      expect.objectContaining({
        operator: 'admin',
        role: 'admin',
        action: 'users.deactivate',
        operation: 'DELETE /users',
        targets: JSON.stringify({ uids: ['ann', 'bob'] }),
        status: 200,
        upstream_status: 200,
        outcome: 'ok',
      }),
      expect.objectContaining({
        operator: 'moderator',
        role: 'moderator',
        action: 'messages.delete',
        operation: 'DELETE /messages/{id}',
        targets: JSON.stringify({ id: '77' }),
        status: 404,
        upstream_status: 404,
        outcome: 'refused',
      }),
    ]);
    for (const row of rows) {
      expect(row.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.at).toBe(h.clock.now);
      expect(typeof row.duration_ms).toBe('number');
    }
  });

  it('lists newest first with page-style paging and filters', async () => {
    await h.store.db.deleteFrom('audit').execute();
    for (let i = 0; i < 5; i++) {
      h.clock.now += 1000;
      await h.call('DELETE', `/api/moderation/reasons/r${i}`, { cookie: h.cookies.moderator });
    }
    h.clock.now += 1000;
    await h.call('PUT', '/api/roles/default/permissions', {
      cookie: h.cookies.moderator,
      body: { permissions: {} },
    });

    const page1 = await listAudit('?operator=moderator&perPage=2');
    expect(page1.meta.pagination).toEqual({
      total: 6,
      count: 2,
      per_page: 2,
      current_page: 1,
      total_pages: 3,
    });
    expect(page1.data.map((e) => e.action)).toEqual(['permissions.set', 'reasons.delete']);
    expect(page1.data[0]).toMatchObject({
      operation: 'PUT /roles/{role}/permissions',
      outcome: 'denied',
      detail: 'role',
    });
    const page3 = await listAudit('?operator=moderator&perPage=2&page=3');
    expect(page3.data.map((e) => e.targets)).toEqual([{ id: 'r1' }, { id: 'r0' }]);

    expect((await listAudit('?operation=reasons.delete')).meta.pagination.total).toBe(5);
    expect(
      (await listAudit('?operator=&operation=&target=&from=&to=&outcome=&page=&perPage=')).meta
        .pagination.total,
    ).toBe(6);
    expect(
      (await listAudit('?operation=DELETE%20%2Fmoderation%2Freasons%2F%7Bid%7D')).meta.pagination
        .total,
    ).toBe(5);
    expect((await listAudit('?target=r3')).data.map((e) => e.targets)).toEqual([{ id: 'r3' }]);
    expect((await listAudit('?outcome=denied&operator=moderator')).meta.pagination.total).toBe(1);
    const third = new Date(Date.parse('2030-01-01T09:00:03Z')).toISOString();
    const fourth = new Date(Date.parse('2030-01-01T09:00:04Z')).toISOString();
    expect(
      (await listAudit(`?operator=moderator&from=${third}&to=${fourth}`)).data.map(
        (e) => e.targets,
      ),
    ).toEqual([{ id: 'r3' }, { id: 'r2' }]);
  });

  it('refuses bad filters', async () => {
    for (const query of ['?perPage=1000', '?page=0', '?outcome=maybe', '?from=yesterday']) {
      expect(
        (await h.call('GET', `/console/audit${query}`, { cookie: h.cookies.admin })).status,
        query,
      ).toBe(400);
    }
  });

  it('exports the same filtered rows as CSV, defused against spreadsheet formulas', async () => {
    await h.call('POST', '/api/messages/1/reactions/x', {
      cookie: h.cookies.moderator,
      headers: {
        onBehalfOf: 'ann',
        'x-console-reason': encodeURIComponent('=HYPERLINK("http://evil","x"), "quoted"'),
      },
    });
    await h.call('POST', '/api/messages/2/reactions/y', {
      cookie: h.cookies.moderator,
      headers: { onBehalfOf: 'bob' },
    });
    const res = await h.call('GET', '/console/audit.csv?operation=reactions.add', {
      cookie: h.cookies.admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="audit-2030-01-01.csv"',
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'time,operator,role,action,operation,targets,on_behalf_of,reason,status,upstream_status,outcome,detail,duration_ms,request_id,repeat_count,client,note,reason_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      'moderator,moderator,reactions.add,POST /messages/{id}/reactions/{reaction},"{""id"":""2"",""reaction"":""y""}",bob,,200,200,ok',
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"",""x""), ""quoted"""`);
  });

  it('is for admins only, and the refusal itself is recorded', async () => {
    for (const role of ['moderator', 'support'] as const) {
      for (const path of ['/console/audit', '/console/audit.csv', '/console/operators']) {
        const res = await h.call('GET', path, { cookie: h.cookies[role] });
        expect(res.status, `${role} ${path}`).toBe(403);
      }
    }
    expect((await h.call('GET', '/console/audit')).status).toBe(401);
    expect(
      (await h.auditRows()).filter(
        (r) => r.detail === 'role' && r.operation === 'GET /console/audit',
      ),
    ).toHaveLength(2);
  });

  it('lets moderators read the moderation decisions only, with the decision in the target', async () => {
    h.upstream.setReply(() => ({ status: 200, body: '{"data":{"success":true,"message":"ok"}}' }));
    await h.call('PATCH', '/api/moderation/blocked-messages/12', {
      cookie: h.cookies.moderator,
      body: { status: 'rejected', reviewed: true },
    });
    const res = await h.call('GET', '/console/audit?operation=blocked.review', {
      cookie: h.cookies.moderator,
    });
    expect(res.status).toBe(200);
    const list = auditListResponseSchema.parse(await res.json());
    expect(list.data.map((e) => [e.operator, e.action])).toEqual([['moderator', 'blocked.review']]);
    expect(list.data[0]?.targets).toEqual({ messageId: '12', status: 'rejected' });
    for (const query of ['', '?operation=users.deactivate', '?operation=roles.set']) {
      const refused = await h.call('GET', `/console/audit${query}`, {
        cookie: h.cookies.moderator,
      });
      expect(refused.status, query).toBe(403);
    }
    expect(
      (
        await h.call('GET', '/console/audit?operation=blocked.review', {
          cookie: h.cookies.support,
        })
      ).status,
    ).toBe(403);
  });
});

describe('operator accounts', () => {
  const operators = async () =>
    operatorListResponseSchema.parse(
      await (await h.call('GET', '/console/operators', { cookie: h.cookies.admin })).json(),
    ).data;

  it('lists, adds, changes role and removes, each audited', async () => {
    expect((await operators()).map((o) => `${o.username}:${o.role}`)).toEqual([
      'admin:admin',
      'moderator:moderator',
      'support:support',
    ]);
    const added = await h.call('POST', '/console/operators', {
      cookie: h.cookies.admin,
      body: { username: 'zoe', role: 'support', password: 'a long enough passphrase' },
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({
      data: {
        username: 'zoe',
        role: 'support',
        createdAt: new Date(h.clock.now).toISOString(),
        lastSignInAt: null,
        mustChangePassword: true,
        signsInWith: 'password',
        activeSessions: 0,
      },
    });
    expect(
      await (
        await h.call('PATCH', '/console/operators/zoe', {
          cookie: h.cookies.admin,
          body: { role: 'moderator' },
        })
      ).json(),
    ).toMatchObject({ data: { role: 'moderator' } });
    const zoe = await h.login('zoe', 'a long enough passphrase');
    expect(
      (await h.call('DELETE', '/console/operators/zoe', { cookie: h.cookies.admin })).status,
    ).toBe(204);
    expect((await h.call('GET', '/auth/me', { cookie: zoe })).status).toBe(401);
    expect(
      (await h.auditRows())
        .filter((r) => String(r.action).startsWith('operators.'))
        .map((r) => [r.action, r.targets, r.outcome].map(String).join(' ')),
    ).toEqual([
      'operators.add {"username":"zoe"} ok',
      'operators.set-role {"username":"zoe","from":"support","to":"moderator"} ok',
      'operators.remove {"username":"zoe"} ok',
    ]);
    expect(JSON.stringify(await h.auditRows())).not.toContain('a long enough passphrase');
  });

  it('explains invalid input field by field', async () => {
    const res = await h.call('POST', '/console/operators', {
      cookie: h.cookies.admin,
      body: { username: 'Bad Name', role: 'root', password: 'short' },
    });
    expect(res.status).toBe(400);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('CONSOLE_BAD_REQUEST');
    expect(Object.keys(body.error.details ?? {}).sort()).toEqual(['password', 'role', 'username']);
    const duplicate = await h.call('POST', '/console/operators', {
      cookie: h.cookies.admin,
      body: { username: 'support', role: 'support', password: 'a long enough passphrase' },
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({
      error: { code: 'CONSOLE_CONFLICT', details: { username: ['This username is taken'] } },
    });
  });

  it('keeps at least one admin and refuses self-removal', async () => {
    expect(
      (await h.call('DELETE', '/console/operators/admin', { cookie: h.cookies.admin })).status,
    ).toBe(409);
    expect(
      (
        await h.call('PATCH', '/console/operators/admin', {
          cookie: h.cookies.admin,
          body: { role: 'support' },
        })
      ).status,
    ).toBe(409);
    await h.call('PATCH', '/console/operators/moderator', {
      cookie: h.cookies.admin,
      body: { role: 'admin' },
    });
    const moderatorNowAdmin = h.cookies.moderator;
    expect(
      (await h.call('DELETE', '/console/operators/admin', { cookie: moderatorNowAdmin })).status,
    ).toBe(204);
    expect(
      (await h.call('DELETE', '/console/operators/nobody', { cookie: moderatorNowAdmin })).status,
    ).toBe(404);
    const left = operatorListResponseSchema.parse(
      await (await h.call('GET', '/console/operators', { cookie: moderatorNowAdmin })).json(),
    );
    expect(left.data.map((o) => `${o.username}:${o.role}`)).toEqual([
      'moderator:admin',
      'support:support',
    ]);
  });
});
