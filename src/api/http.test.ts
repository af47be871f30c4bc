import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { request } from './http';
import { ApiError } from './api-error';

const calls: { url: string; init: RequestInit }[] = [];

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  calls.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(
      new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } }),
    );
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const schema = z.object({ data: z.object({ id: z.string() }) });

describe('request', () => {
  it('parses a 2xx body with the schema, stripping unknown keys', async () => {
    answer(200, { data: { id: '7', extra: true } });
    await expect(request('/api/messages/7', schema)).resolves.toEqual({ data: { id: '7' } });
    expect(calls[0]?.url).toBe('/api/messages/7');
  });

  it('sends JSON bodies, query parameters and extra headers, skipping empty values', async () => {
    answer(200, { data: { id: '1' } });
    await request('/api/users', schema, {
      method: 'PUT',
      body: { uidsToActivate: ['a'] },
      query: { page: 2, searchKey: '', tags: ['x', 'y'], role: undefined },
      headers: { onBehalfOf: 'ann' },
    });
    const { url, init } = calls[0] ?? { url: '', init: {} };
    expect(url).toBe('/api/users?page=2&tags=x%2Cy');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"uidsToActivate":["a"]}');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('onbehalfof')).toBe('ann');
    expect(headers.get('x-requested-with')).toBe('chat-admin-console');
  });

  it('turns the error envelope into an ApiError with code, details and Retry-After', async () => {
    answer(
      429,
      {
        error: {
          message: 'Slow down',
          code: 'ERR_TOO_MANY_REQUESTS',
          details: { limit: ['per minute'] },
        },
      },
      { 'retry-after': '15' },
    );
    const error = await request('/api/users', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'ERR_TOO_MANY_REQUESTS',
      message: 'Slow down',
      details: { limit: ['per minute'] },
      retryAfter: 15,
    });
  });

  it('reads the console’s outcome of a 502/504 apart from the field errors', async () => {
    answer(504, {
      error: {
        message: 'The chat service did not answer in time.',
        code: 'CONSOLE_UPSTREAM_TIMEOUT',
        details: { outcome: 'unknown' },
      },
    });
    const error = await request('/api/users', schema, { method: 'DELETE' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      status: 504,
      code: 'CONSOLE_UPSTREAM_TIMEOUT',
      outcome: 'unknown',
      details: {},
    });
  });

  it('reports a non-JSON error page by its status', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(request('/api/users', schema)).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
    });
  });

  it('refuses a 2xx body that does not match the schema instead of passing it on', async () => {
    answer(200, { data: { id: 7 } });
    await expect(request('/api/users', schema)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    await expect(request('/api/users', schema)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});
