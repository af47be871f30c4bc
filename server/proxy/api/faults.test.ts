import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPoolForward, maxResponseBytes, upstreamConnections } from './forward';
import { createHarness, type Harness } from '../test-support/harness';
import { startEchoUpstream } from '../test-support/echo-upstream';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('upstream faults (R2, R3)', () => {
  it('answers 504 when the upstream hangs, without retrying', async () => {
    h = await createHarness({ reply: () => 'hang' });
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_UPSTREAM_TIMEOUT' } });
    expect(h.upstream.seen).toHaveLength(1);

    const write = await h.call('PATCH', '/api/moderation/blocked-messages/9', {
      cookie: h.cookies.moderator,
      body: { status: 'approved' },
    });
    expect(write.status).toBe(504);
    // A decision first reads the reviewed list (see decision-conflict.ts); the write itself goes once.
    expect(h.upstream.seen.map((r) => r.method)).toEqual(['GET', 'GET', 'PATCH']);
    // Sent without an answer: the service may have applied it (decision 0011).
    expect((await h.auditRows()).at(-1)).toMatchObject({
      action: 'blocked.review',
      outcome: 'unknown',
      status: 504,
      detail: 'upstream timeout (UND_ERR_HEADERS_TIMEOUT)',
    });
  });

  it('ends an answer trickling in under the per-chunk timeout at the overall deadline: 504', async () => {
    h = await createHarness({ reply: () => 'trickle' });
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_UPSTREAM_TIMEOUT' } });
    expect(h.upstream.seen).toHaveLength(1);
  });

  it('never sends a GET again once part of its answer arrived', async () => {
    h = await createHarness({ reply: () => 'partial-reset' });
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(502);
    expect(h.upstream.seen).toHaveLength(1);
  });

  it('sends a GET once more when its connection failed before any answer', async () => {
    let calls = 0;
    h = await createHarness({ reply: () => (++calls === 1 ? 'destroy' : {}) });
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(200);
    expect(h.upstream.seen).toHaveLength(2);
  });

  it('answers 502 when the upstream refuses connections', async () => {
    const pool = createPoolForward(`http://127.0.0.1:${await closedPort()}/v3`, {
      connectMs: 500,
      headersMs: 300,
      bodyMs: 1000,
    });
    h = await createHarness({ deps: { forward: pool.forward } });
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_UPSTREAM_UNREACHABLE' } });
    await pool.close();
  });

  it('passes a 429 through with Retry-After and the rate-limit headers unchanged, one hit each', async () => {
    const body = JSON.stringify({
      error: { code: 'ERR_TOO_MANY_REQUESTS', message: 'Too many requests' },
    });
    h = await createHarness({
      reply: () => ({
        status: 429,
        body,
        headers: {
          'retry-after': '15',
          'x-rate-limit-reset': '1625143246',
          'x-rate-limit': '700',
          'x-rate-limit-remaining': '0',
        },
      }),
    });
    for (const [method, path, cookie, reqBody] of [
      ['GET', '/api/users', h.cookies.support, undefined],
      ['POST', '/api/moderation/reasons', h.cookies.moderator, { id: 'x', name: 'X' }],
    ] as const) {
      h.upstream.seen.length = 0;
      const res = await h.call(method, path, { cookie, body: reqBody });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('15');
      expect(res.headers.get('x-rate-limit-reset')).toBe('1625143246');
      expect(res.headers.get('x-rate-limit')).toBe('700');
      expect(res.headers.get('x-rate-limit-remaining')).toBe('0');
      expect(await res.text()).toBe(body);
      expect(h.upstream.seen).toHaveLength(1);
    }
  });

  it('makes exactly one upstream hit for a 503 with Retry-After: 15', async () => {
    h = await createHarness({
      reply: () => ({
        status: 503,
        headers: { 'retry-after': '15' },
        body: '{"error":{"code":"ERR_UNAVAILABLE","message":"down"}}',
      }),
    });
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('15');
    expect(h.upstream.seen).toHaveLength(1);
  });

  it('retries a GET once when the connection dies before any response byte', async () => {
    let calls = 0;
    h = await createHarness({ reply: () => (++calls === 1 ? 'destroy' : {}) });
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(200);
    expect(h.upstream.seen).toHaveLength(2);

    h.upstream.seen.length = 0;
    h.upstream.setReply(() => 'destroy');
    const failing = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(failing.status).toBe(502);
    expect(h.upstream.seen).toHaveLength(2);
  });

  it('passes an answer of exactly 10 MiB and refuses one byte more with 502, without retrying', async () => {
    const padded = (size: number) => {
      const head = '{"data":"';
      return `${head}${'x'.repeat(size - head.length - 2)}"}`;
    };
    h = await createHarness({ reply: () => ({ body: padded(maxResponseBytes) }) });
    const full = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(full.status).toBe(200);
    expect((await full.arrayBuffer()).byteLength).toBe(maxResponseBytes);

    h.upstream.seen.length = 0;
    h.upstream.setReply(() => ({ body: padded(maxResponseBytes + 1) }));
    const over = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(over.status).toBe(502);
    expect(await over.json()).toMatchObject({ error: { code: 'CONSOLE_UPSTREAM_BAD_RESPONSE' } });
    expect(h.upstream.seen).toHaveLength(1);
  });

  it('never retries a write, whatever happened', async () => {
    h = await createHarness({ reply: () => 'destroy' });
    for (const [method, path, body] of [
      ['POST', '/api/moderation/reasons', { id: 'x', name: 'X' }],
      ['DELETE', '/api/messages/1', undefined],
      ['PUT', '/api/users', { uidsToActivate: ['a'] }],
      ['PATCH', '/api/moderation/blocked-messages/1', { status: 'approved' }],
    ] as const) {
      h.upstream.seen.length = 0;
      const res = await h.call(method, path, { cookie: h.cookies.admin, body });
      expect(res.status, `${method} ${path}`).toBe(502);
      // Reads before a decision (the reviewed list) are not the write: the write went once.
      expect(h.upstream.seen.filter((r) => r.method !== 'GET')).toHaveLength(1);
    }
  });

  it("keeps to the pool's connections, the shared and the burst ones, under load", async () => {
    h = await createHarness({ reply: () => ({ delayMs: 20 }) });
    const harness = h;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        harness.call('GET', `/api/users/u${i}`, {
          cookie: [harness.cookies.admin, harness.cookies.moderator, harness.cookies.support][
            i % 3
          ],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 40 }, () => 200));
    expect(h.upstream.seen).toHaveLength(40);
    expect(h.upstream.connections()).toBeLessThanOrEqual(upstreamConnections);
    expect(h.upstream.connections()).toBeGreaterThan(1);
  });
});

describe('the upstream address as configured', () => {
  it('reaches the service when the address is written otherwise than the URL parser writes it, and nothing outside its origin', async () => {
    const upstream = await startEchoUpstream();
    const base = `HTTP://127.0.0.1:${upstream.port}/v3`;
    const pool = createPoolForward(base);
    try {
      const answer = await pool.forward({
        method: 'GET',
        url: `${base}/users?page=2`,
        headers: {},
      });
      expect(answer.status).toBe(200);
      expect(upstream.seen.map((seen) => seen.url)).toEqual(['/v3/users?page=2']);
      await expect(
        pool.forward({ method: 'GET', url: 'http://127.0.0.2:1/v3/users', headers: {} }),
      ).rejects.toMatchObject({ kind: 'unreachable' });
      expect(upstream.seen).toHaveLength(1);
    } finally {
      await pool.close();
      await upstream.close();
    }
  });
});
