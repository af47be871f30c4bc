import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createProxyApp } from './app';
import { createPoolForward } from './api/forward';
import { addOperator } from './auth/operators';
import { openConsoleStore, type ConsoleStore } from './store/store';
import { startEchoUpstream } from './test-support/echo-upstream';
import {
  memoryLogger,
  testHashCost,
  testHost,
  testOrigin,
  testPassword,
} from './test-support/harness';
import { startTestPostgres, type TestPostgres } from './test-support/postgres';

/**
 * Two replicas writing through a PostgreSQL server of this file's own while it restarts (fast and
 * immediate) and ends the console's connections: every request gets an answer the client can act
 * on, the process carries on, and the audit trail still covers every write the service received.
 */
let server: TestPostgres;
const stores: ConsoleStore[] = [];
let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
let forward: ReturnType<typeof createPoolForward>;

beforeAll(async () => {
  server = await startTestPostgres({ durable: true });
  upstream = await startEchoUpstream(() => ({ status: 200, body: '{"data":{}}', delayMs: 5 }));
  forward = createPoolForward(upstream.baseUrl, {
    connectMs: 500,
    headersMs: 1000,
    bodyMs: 1000,
    totalMs: 2000,
  });
  for (let i = 0; i < 2; i++) stores.push(await openConsoleStore({ url: server.url }));
}, 60_000);

afterAll(async () => {
  for (const store of stores) await store.close();
  await forward?.close();
  await upstream?.close();
  server?.stop();
});

const answerSchema = z.object({
  error: z.object({ code: z.string(), details: z.object({ outcome: z.string() }).optional() }),
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminateConsoleBackends(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()',
  );
  await admin.end();
}

describe('replicas on a PostgreSQL server that restarts', () => {
  it('answer every write with a defined outcome and keep the audit trail true', async () => {
    const [first, second] = stores as [ConsoleStore, ConsoleStore];
    await addOperator(
      first,
      { username: 'admin', role: 'admin', password: testPassword },
      { hashCost: testHashCost },
    );
    const { logger } = memoryLogger();
    const apps = [first, second].map((store) =>
      createProxyApp(
        {
          store,
          upstream: { baseUrl: upstream.baseUrl, apiKey: 'outage-key' },
          forward: forward.forward,
          allowedHosts: [testHost],
          logger,
          rateLimit: { perSecond: 100_000, burst: 100_000 },
          gate: { perOperator: 16, total: 16, queuePerOperator: 64 },
        },
        { passwordHashCost: testHashCost },
      ),
    );
    const headers = {
      host: testHost,
      origin: testOrigin,
      'x-requested-with': 'chat-admin-console',
      'content-type': 'application/json',
    };
    const signIn = await apps[0]!.request('/auth/login', {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'admin', password: testPassword }),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';

    const answers: { id: number; status: number; code?: string; outcome?: string }[] = [];
    let running = true;
    const writer = async (w: number) => {
      for (let n = 0; running; n++) {
        const id = 1_000_000 + w * 10_000 + n;
        const res = await apps[n % 2]!.request(`/api/messages/${id}`, {
          method: 'DELETE',
          headers: { ...headers, cookie },
          body: '{}',
        });
        const body: unknown = res.status >= 400 ? await res.json() : await res.arrayBuffer();
        const error = res.status >= 400 ? answerSchema.safeParse(body) : undefined;
        answers.push({
          id,
          status: res.status,
          code: error?.data?.error.code,
          outcome: error?.data?.error.details?.outcome,
        });
        if (res.status >= 500) await pause(20);
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await pause(300);
    await server.restart('fast');
    await pause(300);
    await terminateConsoleBackends(server.url);
    await pause(300);
    await server.restart('immediate');
    await pause(300);
    await terminateConsoleBackends(server.url);
    await pause(500);
    running = false;
    await Promise.all(writers);

    // Every answer is one the client can act on: done, or refused with whether it was sent.
    const undefinedAnswers = answers.filter(
      (a) =>
        !(a.status >= 200 && a.status < 300) &&
        !(a.status === 503 && a.outcome === 'failed') &&
        !(a.status >= 502 && a.status <= 504 && a.outcome !== undefined),
    );
    expect(undefinedAnswers).toEqual([]);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);

    // The audit invariant, once the server is back.
    const rows = await first.db.selectFrom('audit').select(['targets', 'outcome']).execute();
    const outcomesOf = (id: number) =>
      rows.filter((row) => row.targets.includes(`"${id}"`)).map((row) => row.outcome);
    const received = upstream.seen
      .filter((seen) => seen.method === 'DELETE')
      .map((seen) => Number(/\/messages\/(\d+)/.exec(seen.url)?.[1]));
    expect(received.length).toBeGreaterThan(0);
    for (const id of received) {
      const outcomes = outcomesOf(id);
      expect({
        id,
        outcomes,
        recorded: outcomes.some((o) => ['ok', 'unknown', 'pending'].includes(o)),
      }).toEqual({
        id,
        outcomes,
        recorded: true,
      });
      expect({ id, failed: outcomes.includes('failed') }).toEqual({ id, failed: false });
    }
    for (const answer of answers.filter((a) => a.outcome === 'failed')) {
      expect({ id: answer.id, sent: received.includes(answer.id) }).toEqual({
        id: answer.id,
        sent: false,
      });
    }
  }, 60_000);
});
