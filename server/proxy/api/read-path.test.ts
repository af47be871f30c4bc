import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Client } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, testHost, type Harness } from '../test-support/harness';
import { rawHttp } from '../test-support/raw-http';

/**
 * The read path on a real listener, in front of the app as the console server runs it: what it
 * answers itself and what it passes to the app (`passed`), with the same store, upstream and clock.
 */
async function listen(h: Pick<Harness, 'app' | 'readPath'>) {
  const app = getRequestListener(h.app.fetch);
  const passed: string[] = [];
  const server: Server = createServer((req, res) =>
    h.readPath(req, res, (request, response) => {
      passed.push(`${request.method ?? ''} ${request.url ?? ''}`);
      void app(request, response);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const client = new Client(`http://127.0.0.1:${port}`);
  const spa = {
    host: testHost,
    origin: `http://${testHost}`,
    'x-requested-with': 'chat-admin-console',
    'sec-fetch-site': 'same-origin',
  };
  /**
   * A call as the SPA makes it, with `headers` (name, value pairs) in place of the SPA's own, or
   * beside them when `repeat` (a header sent twice).
   */
  const call = async (
    method: string,
    path: string,
    cookie: string | undefined,
    headers: string[] = [],
    repeat = false,
  ) => {
    const own = new Set(headers.filter((_, i) => i % 2 === 0));
    const base = Object.entries({ ...spa, ...(cookie ? { cookie } : {}) })
      .filter(([name]) => repeat || !own.has(name))
      .flat();
    const res = await client.request({ method, path, headers: [...base, ...headers] });
    return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
  };
  /**
   * The same read through the app: a header the read path reads, sent twice, makes it pass the call
   * on; the app reads the two values joined, which for `same-origin` changes nothing.
   */
  const callThroughApp = (path: string, cookie: string) =>
    call('GET', path, cookie, ['sec-fetch-site', 'same-origin'], true);
  return {
    port,
    passed,
    call,
    callThroughApp,
    async close() {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The app's request log lines, parsed. */
const requestLines = (h: Harness) =>
  h.lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request');

describe('the read path', () => {
  let h: Harness;
  let l: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(async () => {
    await l.close();
  });

  it('answers an admitted read itself, exactly as the app answers it', async () => {
    l = await listen(h);
    h.lines.length = 0;
    const own = await l.call('GET', '/api/users?perPage=5', h.cookies.support);
    expect(l.passed).toEqual([]);
    const app = await l.callThroughApp('/api/users?perPage=5', h.cookies.support);
    expect(l.passed).toEqual(['GET /api/users?perPage=5']);

    expect(own.status).toBe(200);
    expect(own.body).toBe(app.body);
    const comparable = (headers: typeof own.headers) => {
      const { date: _date, 'x-request-id': id, ...rest } = headers;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      return rest;
    };
    expect(comparable(own.headers)).toEqual(comparable(app.headers));
    expect(own.headers['x-request-id']).not.toBe(app.headers['x-request-id']);

    const [seenOwn, seenApp] = h.upstream.seen;
    expect(h.upstream.seen).toHaveLength(2);
    expect(seenOwn?.url).toBe('/v3/users?perPage=5');
    expect(seenOwn?.headers).toEqual(seenApp?.headers);
    expect(seenOwn?.headers.apikey).toBe(h.apiKey);

    const lines = requestLines(h);
    expect(lines).toHaveLength(2);
    const fields = (line: Record<string, unknown>) => {
      const { reqId, time: _t, pid: _p, hostname: _n, durationMs, ...rest } = line;
      expect(typeof durationMs).toBe('number');
      expect(typeof reqId).toBe('string');
      return rest;
    };
    expect(fields(lines[0] ?? {})).toEqual(fields(lines[1] ?? {}));
    expect(lines[0]).toMatchObject({
      reqId: own.headers['x-request-id'],
      operator: 'support',
      action: 'users.list',
      upstreamStatus: 200,
      path: '/api/users',
    });
  });

  it('passes every call it does not admit to the app, which refuses it as before', async () => {
    l = await listen(h);
    h.upstream.seen.length = 0;
    const cases: [string, string, string | undefined, string[], number][] = [
      ['GET', '/api/users', undefined, [], 401],
      ['GET', '/api/users', `console_session=${'x'.repeat(43)}`, [], 401],
      ['GET', '/api/no-such-thing', h.cookies.moderator, [], 404],
      ['PUT', '/api/users', h.cookies.moderator, ['content-type', 'application/json'], 403],
      ['GET', '/api/users/a%2fb', h.cookies.moderator, [], 400],
      ['GET', '/api/users', h.cookies.moderator, ['sec-fetch-site', 'cross-site'], 403],
      ['HEAD', '/api/users', h.cookies.moderator, [], 405],
      ['GET', '/auth/me', h.cookies.moderator, [], 200],
    ];
    for (const [method, path, cookie, headers, status] of cases) {
      const res = await l.call(method, path, cookie, headers);
      expect(res.status, `${method} ${path} ${res.body}`).toBe(status);
    }
    expect(l.passed).toEqual(cases.map(([method, path]) => `${method} ${path}`));
    expect(h.upstream.seen).toEqual([]);
  });

  it('refuses another host before anything else, through the app', async () => {
    l = await listen(h);
    const res = await rawHttp(
      l.port,
      `GET /api/users HTTP/1.1\r\nHost: evil.example\r\nCookie: ${h.cookies.admin}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(421);
    expect(l.passed).toEqual(['GET /api/users']);
  });

  it('takes one turn of the rate limit per call, also for a call the app refuses after it', async () => {
    const limited = await createHarness({ deps: { rateLimit: { perSecond: 0.001, burst: 4 } } });
    l = await listen(limited);
    try {
      await turns(limited, l, limited.cookies.admin);
    } finally {
      await limited.close();
    }
  });

  async function turns(h: Harness, l: Awaited<ReturnType<typeof listen>>, cookie: string) {
    // A burst of 4: a refused call (undocumented query), then three reads, then a refusal.
    const statuses = [];
    statuses.push((await l.call('GET', '/api/users?bogus=1', cookie)).status);
    for (let i = 0; i < 4; i++) statuses.push((await l.call('GET', '/api/users', cookie)).status);
    expect(statuses).toEqual([400, 200, 200, 200, 429]);
    expect(h.upstream.seen).toHaveLength(3);
    // The 429 came from the app, from memory: the read path took the last turn and remembered it.
    expect(l.passed).toEqual(['GET /api/users?bogus=1', 'GET /api/users']);
    const again = await l.call('GET', '/api/users', cookie);
    expect(again.status).toBe(429);
    expect(again.headers['retry-after']).toMatch(/^\d+$/);
    expect(h.upstream.seen).toHaveLength(3);
  }

  it('ends a session at the very next read once it is signed out', async () => {
    l = await listen(h);
    const cookie = await h.login('moderator');
    expect((await l.call('GET', '/api/users', cookie)).status).toBe(200);
    expect((await h.call('POST', '/auth/logout', { cookie })).status).toBe(204);
    const after = await l.call('GET', '/api/users', cookie);
    expect(after.status).toBe(401);
    expect(l.passed).toEqual(['GET /api/users']);
  });

  it('ends a session at the next read on another replica once it is signed out or removed there', async () => {
    const b = h.replica();
    l = await listen(b);
    const cookie = await h.login('moderator');
    expect((await l.call('GET', '/api/users', cookie)).status).toBe(200);
    expect((await l.call('GET', '/api/users', h.cookies.support)).status).toBe(200);
    expect((await h.call('POST', '/auth/logout', { cookie })).status).toBe(204);
    expect((await l.call('GET', '/api/users', cookie)).status).toBe(401);
    const removal = await h.call('DELETE', '/console/operators/support', {
      cookie: h.cookies.admin,
    });
    expect(removal.status).toBe(204);
    expect((await l.call('GET', '/api/users', h.cookies.support)).status).toBe(401);
    expect(l.passed).toEqual(['GET /api/users', 'GET /api/users']);
  });

  it('abandons a read upstream when its client leaves', async () => {
    l = await listen(h);
    h.upstream.setReply(() => 'hang');
    try {
      const socket = await import('node:net').then(({ connect }) =>
        connect({ port: l.port, host: '127.0.0.1' }),
      );
      socket.write(
        `GET /api/users HTTP/1.1\r\nHost: ${testHost}\r\nCookie: ${h.cookies.admin}\r\n\r\n`,
      );
      await expect.poll(() => h.upstream.held()).toBe(1);
      socket.destroy();
      await expect.poll(() => h.upstream.held()).toBe(0);
      expect(l.passed).toEqual([]);
    } finally {
      h.upstream.setReply(() => ({}));
    }
  });

  it('answers a failed exchange as the app does', async () => {
    l = await listen(h);
    h.upstream.setReply(() => 'destroy');
    try {
      const own = await l.call('GET', '/api/users/u1', h.cookies.admin);
      const app = await l.callThroughApp('/api/users/u1', h.cookies.admin);
      expect(l.passed).toEqual(['GET /api/users/u1']);
      expect(own.status).toBe(502);
      expect(JSON.parse(own.body)).toEqual(JSON.parse(app.body));
      expect(JSON.parse(own.body)).toMatchObject({
        error: { code: 'CONSOLE_UPSTREAM_BAD_RESPONSE', details: { outcome: 'unknown' } },
      });
    } finally {
      h.upstream.setReply(() => ({}));
    }
  });
});
