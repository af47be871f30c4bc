import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPoolForward } from '../api/forward';
import { recordAudit } from './audit-log';
import { recoverPendingAudit } from './audit-stages';
import type { ConsoleStore } from '../store/store';
import type { Reply, SeenRequest } from '../test-support/echo-upstream';
import { createHarness, testHost, testOrigin, type Harness } from '../test-support/harness';
import { testEngine } from '../test-support/test-store';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const deactivate = { uidsToDeactivate: ['ann', 'bob'] };
const writeRows = async (harness: Harness) =>
  (await harness.auditRows()).filter((row) => row.action === 'users.deactivate');

/**
 * A harness whose upstream also notes which audit rows existed when each request reached it: the
 * read starts as the request arrives, and an answer waits for it, so the console cannot have
 * completed the row before.
 */
async function harnessSeeingAudit(reply: (req: SeenRequest) => Reply) {
  const reads: Promise<Record<string, unknown>[]>[] = [];
  const harness = await createHarness({
    reply: (req) => {
      const answer = reply(req);
      if (!h) return answer;
      const read = writeRows(h);
      reads.push(read);
      if (typeof answer !== 'object') return answer;
      return { ...answer, after: Promise.all([answer.after, read]) };
    },
  });
  h = harness;
  return { harness, atArrival: () => Promise.all(reads) };
}

/**
 * Fills the store like a full disk: no page can be added, and rows shaped like an intent (same
 * operator, time and outcome, so the same index pages) are added, ever smaller, until none fits.
 * SQLite only: it caps the file's pages.
 */
async function fillStore(store: ConsoleStore, at: number) {
  store.sqlite?.pragma(
    `max_page_count = ${Number(store.sqlite?.pragma('page_count', { simple: true }))}`,
  );
  for (const size of [2000, 500, 100, 20, 0]) {
    try {
      for (;;) {
        await recordAudit(store, {
          at,
          requestId: '00000000-0000-0000-0000-000000000000',
          operator: 'admin',
          role: 'admin',
          action: 'fill',
          operation: 'DELETE /users',
          targets: {},
          onBehalfOf: null,
          reason: null,
          status: null,
          upstreamStatus: null,
          outcome: 'pending',
          detail: 'x'.repeat(size),
          durationMs: null,
        });
      }
    } catch (error) {
      expect(String(error)).toMatch(/full/);
    }
  }
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('audit before acting (decision 0011)', () => {
  it('records the intent before the write reaches the service, then completes it', async () => {
    const { harness, atArrival } = await harnessSeeingAudit(() => ({}));
    const res = await harness.call('DELETE', '/api/users', {
      cookie: harness.cookies.admin,
      body: deactivate,
    });
    expect(res.status).toBe(200);
    expect(await atArrival()).toEqual([
      [
        expect.objectContaining({
          outcome: 'pending',
          status: null,
          targets: '{"uids":["ann","bob"]}',
        }),
      ],
    ]);
    expect(await writeRows(harness)).toEqual([
      expect.objectContaining({
        outcome: 'ok',
        status: 200,
        upstream_status: 200,
        operator: 'admin',
      }),
    ]);
  });

  it.skipIf(testEngine() === 'postgres')(
    'refuses a write with 503 and sends nothing when the intent cannot be recorded (full disk)',
    async () => {
      h = await createHarness();
      await fillStore(h.store, h.clock.now);
      const res = await h.call('DELETE', '/api/users', {
        cookie: h.cookies.admin,
        body: deactivate,
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        error: { code: 'CONSOLE_AUDIT_UNAVAILABLE', details: { outcome: 'failed' } },
      });
      expect(h.upstream.seen).toEqual([]);
      expect(await writeRows(h)).toEqual([]);
      expect(h.lines.join('')).toContain('audit intent not recorded; write refused');
      // Reads record nothing, so they still go through.
      expect((await h.call('GET', '/api/users', { cookie: h.cookies.admin })).status).toBe(200);
    },
  );

  it('records unknown, not failed, when the service took the write and never answered (504)', async () => {
    const { harness, atArrival } = await harnessSeeingAudit(() => 'hang');
    const res = await harness.call('DELETE', '/api/users', {
      cookie: harness.cookies.admin,
      body: deactivate,
    });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({
      error: { code: 'CONSOLE_UPSTREAM_TIMEOUT', details: { outcome: 'unknown' } },
    });
    expect(await atArrival()).toHaveLength(1);
    expect(await writeRows(harness)).toEqual([
      expect.objectContaining({ outcome: 'unknown', status: 504, upstream_status: null }),
    ]);
  });

  it('records unknown when the connection breaks after the request was sent, or the answer is cut off', async () => {
    for (const reply of ['destroy', 'partial-reset'] as const) {
      h = await createHarness({ reply: () => reply });
      const res = await h.call('DELETE', '/api/users', {
        cookie: h.cookies.admin,
        body: deactivate,
      });
      expect(res.status, reply).toBe(502);
      expect(await res.json()).toMatchObject({ error: { details: { outcome: 'unknown' } } });
      expect(h.upstream.seen, reply).toHaveLength(1);
      expect(await writeRows(h)).toEqual([
        expect.objectContaining({ outcome: 'unknown', status: 502 }),
      ]);
      await h.close();
      h = undefined;
    }
  });

  it('records failed only when nothing could be sent (connection refused)', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v3`;
    const pool = createPoolForward(baseUrl, { connectMs: 500, headersMs: 300, bodyMs: 1000 });
    h = await createHarness({
      deps: { forward: pool.forward, upstream: { baseUrl, apiKey: 'k' } },
    });
    const res = await h.call('DELETE', '/api/users', { cookie: h.cookies.admin, body: deactivate });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      error: { code: 'CONSOLE_UPSTREAM_UNREACHABLE', details: { outcome: 'failed' } },
    });
    expect(await writeRows(h)).toEqual([
      expect.objectContaining({ outcome: 'failed', detail: 'upstream unreachable (ECONNREFUSED)' }),
    ]);
    await pool.close();
  });

  it('records refused for a 4xx of the service and unknown for its 5xx or an odd answer', async () => {
    h = await createHarness({
      reply: () => ({ status: 404, body: '{"error":{"code":"ERR_UID_NOT_FOUND","message":"no"}}' }),
    });
    await h.call('DELETE', '/api/users', { cookie: h.cookies.admin, body: deactivate });
    h.upstream.setReply(() => ({
      status: 500,
      body: '{"error":{"code":"ERR_INTERNAL","message":"oops"}}',
    }));
    await h.call('DELETE', '/api/users', { cookie: h.cookies.admin, body: deactivate });
    // Answers the browser may not see: a key refusal was not applied, a redirect may have been.
    const replaced: [number, string][] = [];
    for (const status of [401, 302]) {
      h.upstream.setReply(() => ({ status, body: '{}' }));
      const res = await h.call('DELETE', '/api/users', {
        cookie: h.cookies.admin,
        body: deactivate,
      });
      const body = z
        .object({ error: z.object({ details: z.object({ outcome: z.string() }) }) })
        .parse(await res.json());
      replaced.push([res.status, body.error.details.outcome]);
    }
    expect(replaced).toEqual([
      [502, 'failed'],
      [502, 'unknown'],
    ]);
    expect((await writeRows(h)).map((row) => [row.outcome, row.upstream_status])).toEqual([
      ['refused', 404],
      ['unknown', 500],
      ['refused', 401],
      ['unknown', 302],
    ]);
  });

  it('completes an intent that a replica starting meanwhile took for a stopped console’s', async () => {
    let recovery: Promise<number> | undefined;
    const { harness } = await harnessSeeingAudit(() => {
      // Another replica starts while the write is on its way, and settles every pending intent
      // before the service answers.
      if (h) recovery = recoverPendingAudit(h.store);
      return { after: recovery };
    });
    const res = await harness.call('DELETE', '/api/users', {
      cookie: harness.cookies.admin,
      body: deactivate,
    });
    expect(res.status).toBe(200);
    expect(await recovery).toBe(1);
    expect(await writeRows(harness)).toEqual([
      expect.objectContaining({ outcome: 'ok', status: 200, upstream_status: 200, detail: null }),
    ]);
  });

  it('lets a write run to its end when the browser leaves, and records how it ended', async () => {
    h = await createHarness({ reply: () => ({ delayMs: 150 }) });
    const harness = h;
    const browser = new AbortController();
    const pending = harness.app.request('/api/users', {
      method: 'DELETE',
      headers: {
        host: testHost,
        origin: testOrigin,
        'x-requested-with': 'chat-admin-console',
        'content-type': 'application/json',
        cookie: harness.cookies.admin,
      },
      body: JSON.stringify(deactivate),
      signal: browser.signal,
    });
    await vi.waitFor(() => expect(harness.upstream.seen).toHaveLength(1));
    browser.abort();
    await pending;
    await vi.waitFor(async () =>
      expect((await writeRows(harness))[0]?.outcome).not.toBe('pending'),
    );
    expect(await writeRows(harness)).toEqual([
      expect.objectContaining({
        outcome: 'ok',
        status: 200,
        upstream_status: 200,
        detail: 'the client left before the answer',
      }),
    ]);
  });

  // SQLite only: the store is made read-only by a pragma of its connection.
  it.skipIf(testEngine() === 'postgres')(
    'answers the client when the completion cannot be written; the row is settled at the next start',
    async () => {
      const { harness } = await harnessSeeingAudit(() => {
        // The intent is in; from now on the store refuses writes.
        h?.store.sqlite?.pragma('query_only = ON');
        return {};
      });
      const res = await harness.call('DELETE', '/api/users', {
        cookie: harness.cookies.admin,
        body: deactivate,
      });
      expect(res.status).toBe(200);
      harness.store.sqlite?.pragma('query_only = OFF');
      expect(await writeRows(harness)).toEqual([expect.objectContaining({ outcome: 'pending' })]);
      expect(harness.lines.join('')).toContain('audit completion failed; the row stays pending');
      expect(await recoverPendingAudit(harness.store)).toBe(1);
      expect(await writeRows(harness)).toEqual([
        expect.objectContaining({
          outcome: 'unknown',
          detail: 'console stopped before the answer',
        }),
      ]);
    },
  );
});
