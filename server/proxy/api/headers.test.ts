import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';
import { startLiveConsole, type LiveConsole } from '../test-support/live-console';
import { rawHttp } from '../test-support/raw-http';

describe('request headers are rebuilt, not copied (T4)', () => {
  let live: LiveConsole;
  beforeAll(async () => {
    live = await startLiveConsole();
  });
  afterAll(async () => {
    await live.close();
  });

  const injected = (port: number) =>
    [
      'apikey: ATTACKER-1',
      'apiKey: ATTACKER-2',
      'APIKEY: ATTACKER-3',
      'api_key: ATTACKER-4',
      'appid: other-app',
      'authorization: Bearer stolen',
      'x-forwarded-host: evil.example',
      'x-forwarded-for: 6.6.6.6',
      'x-forwarded-proto: https',
      'x-real-ip: 6.6.6.6',
      'forwarded: for=6.6.6.6;host=evil.example',
      'proxy-authorization: Basic eA==',
      'te: trailers',
      'upgrade: websocket',
      'keep-alive: timeout=99',
      'x-secret: leak',
      'Connection: x-secret, apikey, close',
      `origin: http://127.0.0.1:${port}`,
      'x-requested-with: console',
      'sec-fetch-site: same-origin',
      'x-console-reason: because',
      'referer: http://evil.example/',
    ].join('\r\n');

  it('sends only accept, apikey (the server key), user-agent and, where taken, onBehalfOf', async () => {
    live.upstream.seen.length = 0;
    const get = `GET /api/users/ann HTTP/1.1\r\nHost: 127.0.0.1:${live.port}\r\ncookie: ${live.cookie}; other=1\r\nonBehalfOf: ann\r\n${injected(live.port)}\r\n\r\n`;
    expect((await rawHttp(live.port, get)).status).toBe(200);
    const post = `POST /api/messages/42/reactions/%F0%9F%91%8D HTTP/1.1\r\nHost: 127.0.0.1:${live.port}\r\ncookie: ${live.cookie}\r\nonBehalfOf: ann\r\ncontent-length: 0\r\n${injected(live.port)}\r\n\r\n`;
    expect((await rawHttp(live.port, post)).status).toBe(200);

    const [seenGet, seenPost] = live.upstream.seen;
    const names = (h: Record<string, unknown> | undefined) => Object.keys(h ?? {}).sort();
    expect(names(seenGet?.headers)).toEqual([
      'accept',
      'apikey',
      'connection',
      'host',
      'user-agent',
    ]);
    expect(names(seenPost?.headers).filter((n) => n !== 'content-length')).toEqual([
      'accept',
      'apikey',
      'connection',
      'host',
      'onbehalfof',
      'user-agent',
    ]);
    for (const seen of [seenGet, seenPost]) {
      expect(seen?.headers.apikey).toBe(live.apiKey);
      expect(seen?.headers.host).toBe(`127.0.0.1:${live.upstream.port}`);
      expect(seen?.headers.connection).toBe('keep-alive');
      expect(
        seen?.rawHeaders
          .filter((_, i) => i % 2 === 0)
          .map((n) => n.toLowerCase())
          .filter((n) => n === 'apikey'),
      ).toHaveLength(1);
    }
    expect(seenPost?.headers.onbehalfof).toBe('ann');
  });
});

describe('responses are filtered (T5)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('drops Set-Cookie, hop-by-hop, CORS and unknown headers; keeps rate-limit ones', async () => {
    h.upstream.setReply(() => ({
      headers: {
        'set-cookie': ['flavor=chocolateChip', 'session=upstream'],
        'www-authenticate': 'Basic realm=x',
        'x-internal': 'secret-topology',
        'access-control-allow-origin': '*',
        'content-security-policy': 'default-src *',
        'x-rate-limit': '700',
        'x-rate-limit-remaining': '699',
        connection: 'close, x-internal',
        location: 'http://evil.example/',
      },
    }));
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(200);
    for (const name of [
      'set-cookie',
      'www-authenticate',
      'x-internal',
      'access-control-allow-origin',
      'location',
    ]) {
      expect(res.headers.get(name), name).toBeNull();
    }
    expect(res.headers.get('connection')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-rate-limit')).toBe('700');
    expect(res.headers.get('x-rate-limit-remaining')).toBe('699');
  });

  it('turns an upstream 401 into a generic 502, logging the body without the key', async () => {
    h.upstream.setReply(() => ({
      status: 401,
      headers: { 'www-authenticate': 'apikey' },
      body: JSON.stringify({
        error: { code: 'AUTH_ERR_APIKEY_NOT_FOUND', message: `The key ${h.apiKey} is not valid.` },
      }),
    }));
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'CONSOLE_UPSTREAM_CREDENTIALS',
        message: 'upstream credentials rejected',
        details: { outcome: 'failed' },
      },
    });
    expect(res.headers.get('www-authenticate')).toBeNull();
    const logged = h.lines.find((line) => line.includes('upstream rejected the API key'));
    expect(logged).toContain('AUTH_ERR_APIKEY_NOT_FOUND');
    expect(logged).toContain('[redacted]');
    expect(h.lines.join('')).not.toContain(h.apiKey);
  });

  it('treats any AUTH_ERR_ code as a key problem, and passes other errors through', async () => {
    const replies = [
      { status: 403, code: 'AUTH_ERR_NO_ACCESS', expect: 502 },
      { status: 404, code: 'AUTH_ERR_APIKEY_NOT_FOUND', expect: 502 },
      { status: 403, code: 'ERR_PERMISSION_DENIED', expect: 403 },
      { status: 404, code: 'ERR_UID_NOT_FOUND', expect: 404 },
      { status: 400, code: 'ERR_BAD_REQUEST', expect: 400 },
    ];
    for (const reply of replies) {
      const body = JSON.stringify({
        error: { code: reply.code, message: 'm', details: { uid: ['x'] } },
      });
      h.upstream.setReply(() => ({ status: reply.status, body }));
      const res = await h.call('GET', '/api/users/ann', { cookie: h.cookies.support });
      expect(res.status, reply.code).toBe(reply.expect);
      if (reply.expect !== 502) expect(await res.text()).toBe(body);
    }
  });

  it('withholds an answer that would carry the key, and never passes on a redirect', async () => {
    h.upstream.setReply(() => ({ body: JSON.stringify({ data: { echo: h.apiKey } }) }));
    const echoed = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(echoed.status).toBe(502);
    expect(await echoed.text()).not.toContain(h.apiKey);

    h.upstream.setReply(() => ({ status: 302, headers: { location: 'http://evil.example/' } }));
    const redirected = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(redirected.status).toBe(502);
    expect(redirected.headers.get('location')).toBeNull();
  });
});
