import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, testHost, type Harness } from '../test-support/harness';
import { createConsoleMetrics, type ConsoleMetrics } from './metrics';
import { startMetricsListener } from './metrics-routes';

const token = 'scrape-token-0123456789abcdef';
let h: Harness;
afterEach(async () => {
  await h.close();
});

/** A console with metrics; `defaultMetrics` off keeps each scrape small and fast. */
async function withMetrics(opts: { metricsToken?: string; status?: number } = {}) {
  const metrics = createConsoleMetrics({ defaultMetrics: false });
  h = await createHarness({
    deps: { ops: { metrics, metricsToken: opts.metricsToken } },
    reply: () => ({ status: opts.status ?? 200, body: '{"data":{}}' }),
  });
  return metrics;
}

const scrape = (authorization?: string) =>
  h.app.request('/metrics', {
    headers: { host: testHost, ...(authorization ? { authorization } : {}) },
  });

/** The value of one sample line, `name{labels} value`, or undefined when absent. */
const sample = (text: string, series: string) =>
  text
    .split('\n')
    .find((line) => line.startsWith(`${series} `))
    ?.slice(series.length + 1);

describe('metrics on the console port', () => {
  it('do not exist without a token: 404', async () => {
    await withMetrics();
    expect((await scrape(`Bearer ${token}`)).status).toBe(404);
  });

  it('need the Bearer token, and say nothing without it', async () => {
    await withMetrics({ metricsToken: token });
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, token]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(await res.text()).not.toContain('console_');
    }
    const res = await scrape(`Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('# TYPE console_requests_total counter');
  });

  it('count requests, upstream calls and audit writes by bounded labels, never a uid', async () => {
    await withMetrics({ metricsToken: token });
    const uid = 'uid-canary-7741';
    expect((await h.call('GET', `/api/users/${uid}`, { cookie: h.cookies.support })).status).toBe(
      200,
    );
    expect(
      (await h.call('DELETE', '/api/messages/42', { cookie: h.cookies.moderator, body: {} }))
        .status,
    ).toBe(200);
    expect((await h.call('GET', '/console/operators', { cookie: h.cookies.support })).status).toBe(
      403,
    );
    await h.call('GET', `/console/operators/${uid}/sessions`, { cookie: h.cookies.admin });
    await h.call('GET', `/somewhere/${uid}`);
    const text = await (await scrape(`Bearer ${token}`)).text();

    expect(
      sample(
        text,
        'console_requests_total{operation="users.get",code="200",class="2xx",role="support"}',
      ),
    ).toBe('1');
    expect(
      sample(
        text,
        'console_requests_total{operation="messages.delete",code="200",class="2xx",role="moderator"}',
      ),
    ).toBe('1');
    expect(
      sample(
        text,
        'console_requests_total{operation="GET /console/operators",code="403",class="4xx",role="support"}',
      ),
    ).toBe('1');
    expect(
      sample(
        text,
        'console_requests_total{operation="GET /console/operators/{username}/sessions",code="404",class="4xx",role="admin"}',
      ),
    ).toBe('1');
    expect(
      sample(
        text,
        'console_upstream_request_duration_seconds_count{operation="users.get",class="2xx"}',
      ),
    ).toBe('1');
    // The harness's three sign-ins and the deletion; the refusal of the support operator.
    expect(sample(text, 'console_audit_writes_total{outcome="ok"}')).toBe('4');
    expect(sample(text, 'console_audit_writes_total{outcome="denied"}')).toBe('1');
    // The three operators the harness signed in.
    expect(sample(text, 'console_active_sessions')).toBe('3');
    expect(sample(text, 'console_upstream_gate_queued')).toBe('0');
    expect(text).not.toContain(uid);
    expect(text).not.toContain('/somewhere');
    expect(text).not.toContain(h.apiKey);
  });

  it("count the service's 429 answers by operation", async () => {
    await withMetrics({ metricsToken: token, status: 429 });
    expect((await h.call('GET', '/api/users', { cookie: h.cookies.admin })).status).toBe(429);
    const text = await (await scrape(`Bearer ${token}`)).text();
    expect(sample(text, 'console_upstream_rate_limited_total{operation="users.list"}')).toBe('1');
  });
});

describe('metrics on a port of their own', () => {
  let metrics: ConsoleMetrics;

  it('answer /metrics without a token, and nothing else', async () => {
    metrics = await withMetrics();
    const listener = await startMetricsListener(metrics, { port: 0, host: '127.0.0.1' });
    try {
      await h.call('GET', '/api/users', { cookie: h.cookies.admin });
      const res = await fetch(listener.url);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(
        sample(
          text,
          'console_requests_total{operation="users.list",code="200",class="2xx",role="admin"}',
        ),
      ).toBe('1');
      expect((await fetch(listener.url.replace('/metrics', '/healthz'))).status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it('include the process metrics by default', async () => {
    const full = createConsoleMetrics();
    h = await createHarness({ deps: { ops: { metrics: full } } });
    const text = await full.registry.metrics();
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
