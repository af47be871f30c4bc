import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatOperations, operationLabel } from '../../../src/api/contract/operations';
import { matchOperation } from '../../../src/api/contract/match';
import { createHarness, type Harness } from '../test-support/harness';
import { sampleRequest } from '../test-support/samples';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe("the allow-list: the contract's catalogue of operations", () => {
  it('has one entry per (method, template) and per name, each reachable: no earlier entry shadows it', () => {
    const labels = chatOperations.map(operationLabel);
    expect(new Set(labels).size).toBe(labels.length);
    const names = chatOperations.map((op) => op.name);
    expect(new Set(names).size).toBe(names.length);
    for (const op of chatOperations) {
      const path = sampleRequest(op).upstreamUrl.split('?')[0] ?? '';
      const segments = path.slice('/v3/'.length).split('/').map(decodeURIComponent);
      expect(matchOperation(op.method, segments)).toMatchObject({ kind: 'operation', op });
    }
  });

  it('refuses delete bodies of any other shape before looking at the role', async () => {
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
    expect(h.upstream.seen.map((s) => s.body)).toEqual(['{"permanent":false}', '']);
  });
});

describe('method matrix (T3)', () => {
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];
  const paths = [...new Map(chatOperations.map((op) => [sampleRequest(op).apiPath, op])).values()];

  it.each(paths.map((op) => [sampleRequest(op).apiPath, op] as const))(
    '%s',
    async (apiPath, op) => {
      const sample = sampleRequest(op);
      for (const method of methods) {
        h.upstream.seen.length = 0;
        const listed = chatOperations.find(
          (entry) => entry.method === method && sampleRequest(entry).apiPath === apiPath,
        );
        const res = await h.call(method, apiPath, {
          cookie: h.cookies.admin,
          headers: sample.headers,
          body:
            method === 'GET' || method === 'HEAD'
              ? undefined
              : ((listed && sampleRequest(listed).body) ?? {}),
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
      '/api/groups/g/members/u/scope',
      '/api',
      '/api/moderation/rules',
    ]) {
      const res = await h.call('GET', path, { cookie: h.cookies.admin });
      expect(res.status, path).toBe(404);
    }
    expect(h.upstream.seen).toEqual([]);
    expect((await h.auditRows()).filter((row) => row.outcome === 'denied')).toHaveLength(6);
  });
});
