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
    expect(await errorOf(missing)).toMatchObject({ code: 'AUTH_ERR_EMPTY_APIKEY', source: 'chat-api' });
    const wrong = await call('GET', '/v3/moderation/reasons', { apiKey: 'nope' });
    expect(wrong.status).toBe(401);
    const error = await errorOf(wrong);
    expect(error.code).toBe('AUTH_ERR_APIKEY_NOT_FOUND');
    expect(JSON.stringify(error)).not.toContain('nope');
  });

  it('reads the apikey header whatever its case', async () => {
    const { call } = createTestEmulator();
    const response = await call('GET', '/v3/moderation/reasons', { apiKey: null, headers: { APIKEY: 'emulator-test-key' } });
    expect(response.status).toBe(200);
    expect(reasonListResponseSchema.parse(await response.json()).data.length).toBe(6);
  });

  it('answers unknown routes and methods with 404 ERR_API_NOT_FOUND', async () => {
    const { call } = createTestEmulator({ seed: false });
    for (const [method, path] of [['GET', '/v3/nope'], ['PATCH', '/v3/moderation/reasons'], ['GET', '/v2/users'], ['GET', '/']]) {
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
    const big = await call('POST', '/v3/moderation/reasons', { rawBody: JSON.stringify({ id: 'x', name: 'y'.repeat(1024 * 1024) }) });
    expect(big.status).toBe(413);
    expect((await errorOf(big)).code).toBe('ERR_REQUEST_TOO_LARGE');
    const malformed = await call('POST', '/v3/moderation/reasons', { rawBody: '{"id": "x",' });
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatchObject({ code: 'ERR_BAD_REQUEST', details: { body: ['The request body must be valid JSON.'] } });
  });
});
