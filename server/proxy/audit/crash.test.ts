import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startConsole } from '../start';
import { startEchoUpstream } from '../test-support/echo-upstream';
import { memoryLogger, testHashCost } from '../test-support/harness';
import { startReadyChild } from '../../test-support/crash-harness';

const childScript = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const password = 'crash test passphrase';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const startChild = (dataDir: string, baseUrl: string) =>
  startReadyChild(childScript, [dataDir, baseUrl, password], 'console');

const reasonId = (body: string) => z.object({ id: z.string() }).parse(JSON.parse(body)).id;

describe('the audit trail across a SIGKILL of the console', () => {
  // Its own budget: the child process compiles and starts a whole console before the writes begin.
  it('has a row, ok or unknown, for every write the service received', async () => {
    // Answers take a moment, so some writes are always on their way when the console dies.
    const upstream = await startEchoUpstream((req) => ({ delayMs: req.method === 'GET' ? 0 : 25 }));
    cleanups.push(() => upstream.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'console-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { child, ready, exited } = startChild(dataDir, upstream.baseUrl);
    cleanups.push(() => void child.kill('SIGKILL'));
    const url = await ready;
    const origin = {
      origin: url,
      'x-requested-with': 'chat-admin-console',
      'content-type': 'application/json',
    };
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ username: 'ops', password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';

    let killed = false;
    const writer = async (lane: number) => {
      for (let n = 0; !killed; n++) {
        try {
          const res = await fetch(`${url}/api/moderation/reasons`, {
            method: 'POST',
            headers: { ...origin, cookie },
            body: JSON.stringify({ id: `w${lane}-${n}`, name: `Reason ${lane}-${n}` }),
          });
          await res.arrayBuffer();
        } catch {
          return;
        }
      }
    };
    const writers = Promise.all(Array.from({ length: 8 }, (_, lane) => writer(lane)));
    await vi.waitFor(() => expect(upstream.seen.length).toBeGreaterThanOrEqual(40), {
      timeout: 20_000,
    });
    killed = true;
    child.kill('SIGKILL');
    await exited;
    await writers;

    const { logger } = memoryLogger();
    const restarted = await startConsole({
      port: 0,
      dataDir,
      upstream: { baseUrl: upstream.baseUrl, apiKey: 'crash-test-key' },
      logger,
      testHooks: { passwordHashCost: testHashCost },
    });
    cleanups.push(() => restarted.close());
    const rows = z
      .array(z.object({ targets: z.string(), outcome: z.string() }))
      .parse(
        await restarted.store.db
          .selectFrom('audit')
          .select(['targets', 'outcome'])
          .where('action', '=', 'reasons.create')
          .execute(),
      );
    const outcomeOf = new Map(
      rows.map((row) => [
        z.object({ id: z.string() }).parse(JSON.parse(row.targets)).id,
        row.outcome,
      ]),
    );
    const received = upstream.seen
      .filter((req) => req.method === 'POST')
      .map((req) => reasonId(req.body));
    expect(received.length).toBeGreaterThanOrEqual(40);
    const missing = received.filter(
      (id) => !['ok', 'unknown'].includes(outcomeOf.get(id) ?? 'missing'),
    );
    expect(missing).toEqual([]);
    // Writes on their way at the kill were pending; the restart marked them unknown.
    expect(rows.some((row) => row.outcome === 'unknown')).toBe(true);
    expect(rows.filter((row) => row.outcome === 'pending')).toEqual([]);
  }, 30_000);
});
