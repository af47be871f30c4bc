import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UpstreamFailure } from '../api/forward';
import { createHarness, testHost, type Harness } from '../test-support/harness';

const logLineSchema = z.object({
  msg: z.string().optional(),
  path: z.string().optional(),
  status: z.number().optional(),
  level: z.number(),
});

let h: Harness;
afterEach(async () => {
  await h.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  h.app.request(path, { headers: { host: testHost, ...headers } });

describe('GET /healthz', () => {
  it('answers ok without a session, touches neither store nor service, and is not audited', async () => {
    h = await createHarness();
    const rows = (await h.auditRows()).length;
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(await h.auditRows()).toHaveLength(rows);
    await h.store.close();
    expect((await get('/healthz')).status).toBe(200);
    expect(h.upstream.seen).toEqual([]);
  });

  it('keeps the Host check, and is logged at debug level unless refused', async () => {
    h = await createHarness();
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/healthz', { host: 'evil.example' })).status).toBe(421);
    const levels = h.lines
      .map((line) => logLineSchema.parse(JSON.parse(line)))
      .filter((line) => line.msg === 'request' && line.path === '/healthz')
      .map((line) => [line.status, line.level]);
    expect(levels).toEqual([
      [200, 20],
      [421, 30],
    ]);
  });
});

describe('GET /readyz', () => {
  it('is ready after a forwarded call answered, without probing', async () => {
    h = await createHarness();
    expect((await h.call('GET', '/api/users', { cookie: h.cookies.support })).status).toBe(200);
    const auditRows = (await h.auditRows()).length;
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { store: 'ok', upstream: 'ok' } });
    expect(h.upstream.seen.map((r) => r.url)).toEqual(['/v3/users']);
    expect(await h.auditRows()).toHaveLength(auditRows);
  });

  it('probes the service with one light read when no call answered recently', async () => {
    h = await createHarness();
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(h.upstream.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v3/roles?perPage=1']);
    expect(h.upstream.seen[0]?.headers.apikey).toBe(h.apiKey);
    // Fresh for a minute: no second probe.
    h.clock.now += 59_000;
    expect((await get('/readyz')).status).toBe(200);
    expect(h.upstream.seen).toHaveLength(1);
    h.clock.now += 2_000;
    expect((await get('/readyz')).status).toBe(200);
    expect(h.upstream.seen).toHaveLength(2);
  });

  it('is 503 naming the chat service when it never answered, without the key', async () => {
    const sent: string[] = [];
    h = await createHarness({
      deps: {
        forward: (req) => {
          sent.push(req.url);
          return Promise.reject(new UpstreamFailure('unreachable', 'connect ECONNREFUSED'));
        },
      },
    });
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'CONSOLE_NOT_READY',
        message: 'Not ready: chat service.',
        details: { store: 'ok', upstream: 'no answer from the chat service in the last 60 s' },
      },
    });
    expect(text).not.toContain(h.apiKey);
    expect(sent).toHaveLength(1);
    // While the service stays silent, probes are spaced out, not sent for every check.
    expect((await get('/readyz')).status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  it('is 503 naming the store when it does not answer', async () => {
    h = await createHarness();
    expect((await get('/readyz')).status).toBe(200);
    await h.store.close();
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'CONSOLE_NOT_READY',
        message: 'Not ready: console store.',
        details: { store: 'the console store does not answer', upstream: 'ok' },
      },
    });
  });
});
