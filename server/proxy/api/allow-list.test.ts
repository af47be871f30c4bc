import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowList } from './allow-list';
import { matchOperation, operationName } from './match';
import { createHarness, type Harness } from '../test-support/harness';
import { sampleRequest } from '../test-support/samples';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const roles = ['admin', 'moderator', 'support'] as const;

describe('the allow-list table', () => {
  it('has one entry per (method, template), each reachable: no earlier entry shadows it', () => {
    const names = allowList.map(operationName);
    expect(new Set(names).size).toBe(names.length);
    for (const op of allowList) {
      const path = sampleRequest(op).upstreamUrl.split('?')[0] ?? '';
      const segments = path.slice('/v3/'.length).split('/').map(decodeURIComponent);
      expect(matchOperation(op.method, segments)).toMatchObject({ kind: 'operation', op });
    }
  });

  it('matches the capability table of the product', () => {
    const byName = Object.fromEntries(
      allowList.map((op) => [operationName(op), [...op.roles].sort().join(',')]),
    );
    expect(byName).toMatchObject({
      'PATCH /moderation/blocked-messages/{messageId}': 'admin,moderator',
      'DELETE /messages/{id}': 'admin,moderator',
      'POST /messages/{id}/reactions/{reaction}': 'admin,moderator',
      'DELETE /messages/{id}/reactions/{reaction}': 'admin,moderator',
      'PUT /roles/{role}/permissions': 'admin',
      'DELETE /roles/{role}/permissions/{permission}': 'admin',
      'DELETE /users': 'admin',
      'PUT /users': 'admin',
      'POST /users/{uid}/conversation/delivered': 'admin,support',
      'DELETE /notifications/v1/preferences': 'admin,support',
      'GET /groups/{guid}/bannedusers': 'admin,moderator,support',
    });
    expect(allowList.filter((op) => op.method === 'GET').every((op) => op.roles.length === 3)).toBe(
      true,
    );
  });
});

describe('role matrix: every operation × every role', () => {
  it.each(allowList.map((op) => [operationName(op), op] as const))('%s', async (_name, op) => {
    const sample = sampleRequest(op);
    for (const role of roles) {
      h.upstream.seen.length = 0;
      const before = h.auditRows().length;
      const res = await h.call(op.method, sample.apiPath, {
        cookie: h.cookies[role],
        headers: sample.headers,
        body: sample.body,
      });
      if (op.roles.includes(role)) {
        expect(res.status, `${role} allowed`).toBe(200);
        expect(h.upstream.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
          `${op.method} ${sample.upstreamUrl}`,
        ]);
      } else {
        expect(res.status, `${role} refused`).toBe(403);
        expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_FORBIDDEN' } });
        expect(h.upstream.seen).toEqual([]);
        const rows = h.auditRows().slice(before);
        expect(rows).toEqual([
          expect.objectContaining({
            operator: role,
            role,
            action: op.action,
            operation: operationName(op),
            outcome: 'denied',
            detail: 'role',
            status: 403,
          }),
        ]);
      }
    }
  });

  it('lets only admins delete permanently, judging by the body', async () => {
    const permanent = { permanent: true };
    const res = await h.call('DELETE', '/api/messages/42', {
      cookie: h.cookies.moderator,
      body: permanent,
    });
    expect(res.status).toBe(403);
    expect(h.upstream.seen).toEqual([]);
    expect(h.auditRows().at(-1)).toMatchObject({
      operator: 'moderator',
      detail: 'role: permanent deletion',
      outcome: 'denied',
    });
    for (const body of [
      { permanent: 'true' },
      { permanent: 1 },
      { permanent: true, extra: 1 },
      [true],
    ]) {
      expect(
        (await h.call('DELETE', '/api/messages/42', { cookie: h.cookies.moderator, body })).status,
      ).toBe(400);
    }
    expect(h.upstream.seen).toEqual([]);
    expect(
      (
        await h.call('DELETE', '/api/messages/42', {
          cookie: h.cookies.moderator,
          body: { permanent: false },
        })
      ).status,
    ).toBe(200);
    expect(
      (await h.call('DELETE', '/api/messages/42', { cookie: h.cookies.moderator })).status,
    ).toBe(200);
    expect(
      (await h.call('DELETE', '/api/messages/42', { cookie: h.cookies.admin, body: permanent }))
        .status,
    ).toBe(200);
    expect(h.upstream.seen.map((s) => s.body)).toEqual([
      '{"permanent":false}',
      '',
      '{"permanent":true}',
    ]);
  });
});

describe('method matrix (T3)', () => {
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];
  const paths = [...new Map(allowList.map((op) => [sampleRequest(op).apiPath, op])).values()];

  it.each(paths.map((op) => [sampleRequest(op).apiPath, op] as const))(
    '%s',
    async (apiPath, op) => {
      const sample = sampleRequest(op);
      for (const method of methods) {
        h.upstream.seen.length = 0;
        const listed = allowList.find(
          (entry) => entry.method === method && sampleRequest(entry).apiPath === apiPath,
        );
        const res = await h.call(method, apiPath, {
          cookie: h.cookies.admin,
          headers: sample.headers,
          body: method === 'GET' || method === 'HEAD' ? undefined : {},
        });
        if (listed) {
          expect(res.status, method).toBe(200);
          expect(h.upstream.seen).toHaveLength(1);
        } else {
          expect(res.status, method).toBe(405);
          expect(h.upstream.seen).toEqual([]);
        }
      }
    },
  );

  it('answers unknown paths with 404 and records the probe', async () => {
    for (const path of [
      '/api/apikeys',
      '/api/users/ann/auth_tokens',
      '/api/v3/users',
      '/api/groups/g/members',
      '/api',
      '/api/moderation/rules',
    ]) {
      const res = await h.call('GET', path, { cookie: h.cookies.admin });
      expect(res.status, path).toBe(404);
    }
    expect(h.upstream.seen).toEqual([]);
    expect(h.auditRows().filter((row) => row.outcome === 'denied')).toHaveLength(6);
  });
});
