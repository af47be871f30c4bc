import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe('forwarding an allow-listed call', () => {
  it('sends the canonical path to <base>/v3 with the server key and only allow-listed headers', async () => {
    const res = await h.call('GET', '/api/users?perPage=5&searchKey=ann%20b', {
      cookie: h.cookies.support,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
    expect(h.upstream.seen).toHaveLength(1);
    const [seen] = h.upstream.seen;
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('/v3/users?perPage=5&searchKey=ann+b');
    expect(seen?.headers.apikey).toBe(h.apiKey);
    expect(Object.keys(seen?.headers ?? {}).sort()).toEqual([
      'accept',
      'apikey',
      'connection',
      'host',
      'user-agent',
    ]);
    expect(seen?.headers.host).toBe(`127.0.0.1:${h.upstream.port}`);
  });

  it('re-encodes reaction segments once and caps page sizes at 100', async () => {
    const res = await h.call(
      'GET',
      `/api/messages/42/reactions/${encodeURIComponent('👍🏽')}?affix=append&id=7`,
      { cookie: h.cookies.support },
    );
    expect(res.status).toBe(200);
    expect(h.upstream.seen[0]?.url).toBe(
      '/v3/messages/42/reactions/%F0%9F%91%8D%F0%9F%8F%BD?affix=append&id=7',
    );
    expect(
      (await h.call('GET', '/api/users?perPage=5000', { cookie: h.cookies.support })).status,
    ).toBe(200);
    expect(h.upstream.seen[1]?.url).toBe('/v3/users?perPage=100');
  });

  it('refuses a query parameter the service does not document, before anything is forwarded', async () => {
    const reaction = encodeURIComponent('👍');
    for (const [method, path, cookie] of [
      ['GET', `/api/messages/42/reactions/${reaction}?limit=5000`, h.cookies.support],
      ['GET', '/api/moderation/blocked-messages?status=pending', h.cookies.support],
      ['DELETE', '/api/messages/5?permanent=true', h.cookies.moderator],
      ['PUT', '/api/roles/default/permissions?dryRun=1', h.cookies.admin],
    ] as const) {
      const res = await h.call(method, path, {
        cookie,
        body: method === 'GET' ? undefined : { permissions: { a: 'allow' } },
      });
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toContain('does not document the query parameter');
    }
    expect(h.upstream.seen).toEqual([]);
    const denials = (await h.auditRows()).filter((row) => row.outcome === 'denied');
    expect(denials.map((row) => row.detail)).toEqual([
      'query limit',
      'query status',
      'query permanent',
      'query dryRun',
    ]);
  });

  it('forwards a JSON body re-serialised, so a duplicate key cannot read differently upstream', async () => {
    const res = await h.call('DELETE', '/api/messages/7', {
      cookie: h.cookies.moderator,
      body: '{"permanent":true,"permanent":false}',
    });
    expect(res.status).toBe(200);
    expect(h.upstream.seen[0]?.body).toBe('{"permanent":false}');
    expect(h.upstream.seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('sets onBehalfOf only where the operation takes it, and never forwards the reason header', async () => {
    const res = await h.call('POST', '/api/messages/42/reactions/%3Asmile%3A', {
      cookie: h.cookies.moderator,
      headers: {
        onBehalfOf: 'user-7',
        'x-console-reason': encodeURIComponent('Ticket #12 – café'),
      },
    });
    expect(res.status).toBe(200);
    const [seen] = h.upstream.seen;
    expect(seen?.url).toBe('/v3/messages/42/reactions/%3Asmile%3A');
    expect(seen?.headers.onbehalfof).toBe('user-7');
    expect(seen?.headers['x-console-reason']).toBeUndefined();
    const row = (await h.auditRows()).at(-1);
    expect(row).toMatchObject({
      action: 'reactions.add',
      operation: 'POST /messages/{id}/reactions/{reaction}',
      targets: JSON.stringify({ id: '42', reaction: ':smile:' }),
      on_behalf_of: 'user-7',
      reason: 'Ticket #12 – café',
      outcome: 'ok',
      upstream_status: 200,
      operator: 'moderator',
      role: 'moderator',
    });

    await h.call('GET', '/api/users/ann', {
      cookie: h.cookies.support,
      headers: { onBehalfOf: 'user-7' },
    });
    expect(h.upstream.seen[1]?.headers.onbehalfof).toBeUndefined();
  });

  it('requires a valid onBehalfOf on the operations that act as a user', async () => {
    for (const value of [undefined, 'a b', '../x', 'x'.repeat(101)]) {
      const res = await h.call('DELETE', '/api/messages/42/reactions/x', {
        cookie: h.cookies.admin,
        headers: value === undefined ? {} : { onBehalfOf: value },
      });
      expect(res.status).toBe(400);
    }
    expect(h.upstream.seen).toHaveLength(0);
  });

  it('requires the uid query on notification preferences', async () => {
    expect(
      (await h.call('DELETE', '/api/notifications/v1/preferences', { cookie: h.cookies.support }))
        .status,
    ).toBe(400);
    expect(
      (
        await h.call('DELETE', '/api/notifications/v1/preferences?uid=a&uid=b', {
          cookie: h.cookies.support,
        })
      ).status,
    ).toBe(400);
    expect(h.upstream.seen).toHaveLength(0);
    expect(
      (
        await h.call('DELETE', '/api/notifications/v1/preferences?uid=ann', {
          cookie: h.cookies.support,
        })
      ).status,
    ).toBe(200);
    expect(h.upstream.seen[0]?.url).toBe('/v3/notifications/v1/preferences?uid=ann');
    expect((await h.auditRows()).at(-1)).toMatchObject({
      action: 'preferences.reset',
      targets: JSON.stringify({ uid: 'ann' }),
      outcome: 'ok',
    });
  });
});
