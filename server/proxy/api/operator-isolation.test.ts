import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// Long enough that nothing times out on its own: the test decides when the slow answers come.
const patient = { connectMs: 5_000, headersMs: 60_000, bodyMs: 60_000, totalMs: 60_000 };

/** An upstream whose `/users/slow-*` answers hang until the test releases them. */
const harness = (gate: {
  perOperator?: number;
  queuePerOperator?: number;
  maxWaitMs?: number;
  burst?: number;
  burstPerOperator?: number;
}) =>
  createHarness({
    reply: (req) => (req.url.includes('/users/slow-') ? 'hang' : {}),
    timeouts: patient,
    deps: { gate: { burst: 0, ...gate } },
  });

/** Audit rows of /api calls (sign-ins are audited too). */
const apiRows = async (hh: Harness) =>
  (await hh.auditRows()).filter((row) => !String(row.action).startsWith('auth.'));

const slowSeen = (hh: Harness) =>
  hh.upstream.seen.filter((r) => r.url.includes('/users/slow-')).length;

describe('fairness between operators at the upstream pool', () => {
  it("answers operator B at once while operator A's 20 slow calls are in flight, queued or refused", async () => {
    h = await harness({ perOperator: 4, queuePerOperator: 8 });
    const hh = h;
    const settled: string[] = [];
    const flood = Array.from({ length: 20 }, (_, i) =>
      hh.call('GET', `/api/users/slow-${i}`, { cookie: hh.cookies.support }).then((res) => {
        settled.push(`A${i}`);
        return res;
      }),
    );
    // Four in flight, eight waiting; the eight beyond the queue are refused at once.
    await vi.waitFor(() => expect(settled).toHaveLength(8));
    await vi.waitFor(() => expect(hh.upstream.held()).toBe(4));

    const b = await hh.call('GET', '/api/users/b-1', { cookie: hh.cookies.admin });
    expect(b.status).toBe(200);
    settled.push('B');
    expect(hh.upstream.seen.at(-1)?.url).toBe('/v3/users/b-1');
    // B was answered while none of A's admitted calls had an answer, and A never had a fifth upstream.
    expect(settled).toHaveLength(9);
    expect(settled.at(-1)).toBe('B');
    expect(slowSeen(hh)).toBe(4);

    for (let wave = 1; wave <= 3; wave++) {
      await vi.waitFor(() => expect(hh.upstream.held()).toBe(4));
      expect(slowSeen(hh)).toBe(wave * 4);
      hh.upstream.release();
    }
    const answers = await Promise.all(flood);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(8);
    expect(refused[0]?.headers.get('retry-after')).toBe('1');
    expect(await refused[0]?.json()).toMatchObject({ error: { code: 'CONSOLE_BUSY' } });
    expect(slowSeen(hh)).toBe(12);
    // Refused reads are not audited, like rate-limit refusals.
    expect(await apiRows(hh)).toEqual([]);
  });

  it("answers operator B at once while operator A's slow calls also hold the burst connections", async () => {
    h = await harness({ perOperator: 4, queuePerOperator: 8, burst: 2, burstPerOperator: 2 });
    const hh = h;
    const flood = Array.from({ length: 20 }, (_, i) =>
      hh.call('GET', `/api/users/slow-${i}`, { cookie: hh.cookies.support }),
    );
    // Four on the shared connections and two burst ones in flight, eight waiting, six refused.
    await vi.waitFor(() => expect(hh.upstream.held()).toBe(6));
    const b = await hh.call('GET', '/api/users/b-1', { cookie: hh.cookies.admin });
    expect(b.status).toBe(200);
    expect(slowSeen(hh)).toBe(6);
    // Each release lets the next six through, then the last two.
    hh.upstream.release();
    await vi.waitFor(() => expect(slowSeen(hh)).toBe(12));
    hh.upstream.release();
    await vi.waitFor(() => expect(slowSeen(hh)).toBe(14));
    hh.upstream.release();
    const statuses = (await Promise.all(flood)).map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(14);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('queues a write behind the operator’s reads, refuses it when the queue is full, audited as denied', async () => {
    h = await harness({ perOperator: 1, queuePerOperator: 1 });
    const hh = h;
    const reset = (uid: string) =>
      hh.call('DELETE', `/api/notifications/v1/preferences?uid=${uid}`, {
        cookie: hh.cookies.support,
      });
    const read = hh.call('GET', '/api/users/slow-1', { cookie: hh.cookies.support });
    await vi.waitFor(() => expect(hh.upstream.held()).toBe(1));
    const queued = reset('queued-user');
    const refused = await reset('refused-user');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(hh.upstream.seen.map((r) => r.method)).toEqual(['GET']);

    hh.upstream.release();
    expect((await read).status).toBe(200);
    expect((await queued).status).toBe(200);
    expect(hh.upstream.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v3/users/slow-1',
      'DELETE /v3/notifications/v1/preferences?uid=queued-user',
    ]);
    expect((await apiRows(hh)).map((row) => [row.outcome, row.status, row.detail])).toEqual([
      ['denied', 429, expect.stringMatching(/^upstream queue: /)],
      ['ok', 200, null],
    ]);
  });

  it('answers 503 with Retry-After when a call waited longer than the limit, and sends nothing', async () => {
    h = await harness({ perOperator: 1, maxWaitMs: 30 });
    const hh = h;
    const first = hh.call('GET', '/api/users/slow-1', { cookie: hh.cookies.support });
    await vi.waitFor(() => expect(hh.upstream.held()).toBe(1));
    const late = await hh.call('GET', '/api/users/slow-2', { cookie: hh.cookies.support });
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('5');
    expect(await late.json()).toMatchObject({ error: { code: 'CONSOLE_BUSY' } });
    hh.upstream.release();
    expect((await first).status).toBe(200);
    expect(slowSeen(hh)).toBe(1);
  });
});
