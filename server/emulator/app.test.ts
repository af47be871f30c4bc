import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/api/schemas/common';
import { reasonListResponseSchema } from '../../src/api/schemas/moderation-reason';
import { createTestEmulator } from './test-support';

async function errorOf(response: Response) {
  return errorBodySchema.parse(await response.json()).error;
}

describe('emulator app: auth, envelopes, limits', () => {
  it('answers 401 AUTH_ERR_EMPTY_APIKEY without a key and AUTH_ERR_APIKEY_NOT_FOUND with a wrong one', async () => {
    const { call } = createTestEmulator({ seed: false });
    const missing = await call('GET', '/v3/moderation/reasons', { apiKey: null });
    expect(missing.status).toBe(401);
    expect(await errorOf(missing)).toMatchObject({
      code: 'AUTH_ERR_EMPTY_APIKEY',
      source: 'chat-api',
    });
    const wrong = await call('GET', '/v3/moderation/reasons', { apiKey: 'nope' });
    expect(wrong.status).toBe(401);
    const error = await errorOf(wrong);
    expect(error.code).toBe('AUTH_ERR_APIKEY_NOT_FOUND');
    expect(JSON.stringify(error)).not.toContain('nope');
  });

  it('reads the apikey header whatever its case', async () => {
    const { call } = createTestEmulator();
    const response = await call('GET', '/v3/moderation/reasons', {
      apiKey: null,
      headers: { APIKEY: 'emulator-test-key' },
    });
    expect(response.status).toBe(200);
    expect(reasonListResponseSchema.parse(await response.json()).data.length).toBe(6);
  });

  it('answers unknown routes and methods with 404 ERR_API_NOT_FOUND', async () => {
    const { call } = createTestEmulator({ seed: false });
    for (const [method, path] of [
      ['GET', '/v3/nope'],
      ['PATCH', '/v3/moderation/reasons'],
      ['GET', '/v2/users'],
      ['GET', '/'],
    ]) {
      const response = await call(method ?? 'GET', path ?? '/');
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(response)).code).toBe('ERR_API_NOT_FOUND');
    }
  });

  it('reports the rate limit on every response, errors included', async () => {
    const { call } = createTestEmulator({ seed: false });
    const first = await call('GET', '/v3/moderation/reasons');
    const second = await call('GET', '/v3/nope');
    expect(first.headers.get('X-Rate-Limit')).toBe('20000');
    expect(first.headers.get('X-Rate-Limit-Remaining')).toBe('19999');
    expect(second.headers.get('X-Rate-Limit-Remaining')).toBe('19998');
  });

  it('answers 429 ERR_TOO_MANY_REQUESTS past the configured limit, with Retry-After and reset', async () => {
    let now = 1_763_500_010_000;
    const { call } = createTestEmulator({ seed: false, rateLimitPerMinute: 2, now: () => now });
    expect((await call('GET', '/v3/moderation/reasons')).status).toBe(200);
    expect((await call('GET', '/v3/moderation/reasons')).status).toBe(200);
    const limited = await call('GET', '/v3/moderation/reasons');
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).code).toBe('ERR_TOO_MANY_REQUESTS');
    expect(limited.headers.get('Retry-After')).toBe('10');
    expect(limited.headers.get('X-Rate-Limit-Reset')).toBe('1763500020');
    expect(limited.headers.get('X-Rate-Limit-Remaining')).toBe('0');
    now += 10_000;
    expect((await call('GET', '/v3/moderation/reasons')).status).toBe(200);
  });

  it('rejects bodies over 1 MiB with 413 and malformed JSON with 400 ERR_BAD_REQUEST', async () => {
    const { call } = createTestEmulator({ seed: false });
    const big = await call('POST', '/v3/moderation/reasons', {
      rawBody: JSON.stringify({ id: 'x', name: 'y'.repeat(1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect((await errorOf(big)).code).toBe('ERR_REQUEST_TOO_LARGE');
    const malformed = await call('POST', '/v3/moderation/reasons', { rawBody: '{"id": "x",' });
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatchObject({
      code: 'ERR_BAD_REQUEST',
      details: { body: ['The request body must be valid JSON.'] },
    });
  });
});

describe('strict mode (the default)', () => {
  it('answers 400 ERR_BAD_REQUEST naming each parameter the service does not document', async () => {
    const { call } = createTestEmulator();
    const cases: [string, string, string[]][] = [
      ['GET', '/v3/moderation/reasons?limit=10', ['limit']],
      ['GET', '/v3/users?perPage=10&sortBy=name&sortBy=uid&onBehalfOf=x', ['sortBy', 'onBehalfOf']],
      ['GET', '/v3/groups/general/bannedusers?searchKey=c', ['searchKey']],
      ['GET', '/v3/messages/1?limit=1', ['limit']],
      ['GET', '/v3/roles/default/permissions?page=1', ['page']],
      ['POST', '/v3/groups/general/bannedusers/amelia-hart?notify=1', ['notify']],
      ['DELETE', '/v3/messages/1?permanent=true', ['permanent']],
      ['PATCH', '/v3/notifications/v1/preferences?uid=amelia-hart&force=1', ['force']],
    ];
    for (const [method, path, names] of cases) {
      const response = await call(method, path, { body: method === 'GET' ? undefined : {} });
      expect(response.status, path).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('ERR_BAD_REQUEST');
      expect(error.details, path).toEqual(
        Object.fromEntries(
          names.map((name) => [name, [`The ${name} parameter is not supported.`]]),
        ),
      );
    }
  });

  it('refuses before the operation runs, so a refused write changes nothing', async () => {
    const { call, store } = createTestEmulator();
    expect((await call('DELETE', '/v3/moderation/reasons/scam?force=1')).status).toBe(400);
    expect(
      store.db.prepare("SELECT count(*) FROM moderation_reasons WHERE id = 'scam'").pluck().get(),
    ).toBe(1);
  });

  it('accepts documented parameters, and leaves unknown routes to the 404', async () => {
    const { call } = createTestEmulator();
    for (const path of [
      '/v3/users?perPage=5&page=2&searchKey=a&withDeactivated=true',
      '/v3/groups?type=public&perPage=3',
      '/v3/groups/support-hub/bannedusers?perPage=5&page=2',
      '/v3/messages?limit=5&affix=prepend&id=100&receiverType=group',
      '/v3/messages/159/reactions?affix=append&id=1',
      '/v3/roles?perPage=2',
      '/v3/notifications/v1/preferences?uid=amelia-hart',
    ]) {
      expect((await call('GET', path)).status, path).toBe(200);
    }
    const unknown = await call('GET', '/v3/nope?limit=1');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('ERR_API_NOT_FOUND');
  });

  it('is off with strict: false: the emulator’s own parameters are accepted, unknown ones ignored', async () => {
    const { call } = createTestEmulator({ strict: false });
    expect(
      (await call('GET', '/v3/moderation/blocked-messages?status=approved&limit=5')).status,
    ).toBe(200);
    expect((await call('GET', '/v3/moderation/reasons?limit=10')).status).toBe(200);
  });
});
