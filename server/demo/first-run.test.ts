import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { blockedMessageListResponseSchema } from '../../src/api/schemas/blocked-message';
import { insightsResponseSchema } from '../../src/api/schemas/insights';
import { userListResponseSchema } from '../../src/api/schemas/user';
import { startEmulator } from '../emulator/start';
import { startConsole } from '../proxy/start';
import { memoryLogger, testHashCost } from '../proxy/test-support/harness';
import { demoModerators } from './console-history';
import { seedDemoHistoryOnFirstRun } from './first-run';

const dayMs = 24 * 60 * 60 * 1000;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** What `npm start` does on a fresh clone: the emulator, the console, then the demo history. */
async function freshStart(opts: {
  reseed?: boolean;
  dirs?: { emulator: string; console: string };
}) {
  const dirs = opts.dirs ?? {
    emulator: tempDir('first-run-emulator-'),
    console: tempDir('first-run-console-'),
  };
  const apiKey = 'first-run-key';
  const emulator = await startEmulator({
    port: 0,
    dataDir: dirs.emulator,
    apiKey,
    reset: opts.reseed,
  });
  const running = await startConsole({
    port: 0,
    dataDir: dirs.console,
    upstream: { baseUrl: emulator.url, apiKey },
    logger: memoryLogger().logger,
    testHooks: { passwordHashCost: testHashCost },
  });
  const seeded = await seedDemoHistoryOnFirstRun({
    emulator,
    store: running.store,
    enabled: true,
    now: Date.now(),
  });
  const close = async () => {
    await running.close();
    await emulator.close();
  };
  return { dirs, emulator, running, seeded, close };
}

/** The first admin signs in with the one-time link and chooses a password. */
async function signIn(running: Awaited<ReturnType<typeof startConsole>>) {
  const first = await fetch(running.bootstrap?.link ?? '', { redirect: 'manual' });
  const cookie = (first.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  const headers = {
    cookie,
    origin: running.url,
    'x-requested-with': 'chat-admin-console',
    'content-type': 'application/json',
  };
  const changed = await fetch(`${running.url}/auth/password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ newPassword: 'a passphrase of my own choosing' }),
  });
  expect(changed.status).toBe(200);
  return async <T>(path: string, schema: z.ZodType<T>) => {
    const res = await fetch(`${running.url}${path}`, { headers });
    expect(res.status, path).toBe(200);
    return schema.parse(await res.json());
  };
}

// Two servers start in each test (and a password is hashed): more than the default 5 s on a busy machine.
describe('a first start (npm start on a fresh clone)', { timeout: 30_000 }, () => {
  it('shows figures on home and in the insights, and no date older than 60 days on the first screens', async () => {
    const start = await freshStart({});
    cleanups.push(start.close);
    expect(start.seeded).toBeGreaterThan(0);
    const get = await signIn(start.running);
    const now = Date.now();

    // Home's figures are the insights of the last 24 hours.
    const day = (await get('/console/insights?range=24h', insightsResponseSchema)).data;
    expect(day.totals.decided).toBeGreaterThan(0);
    expect(
      day.decisions.some((bucket) => bucket.approved + bucket.rejected + bucket.deleted > 0),
    ).toBe(true);
    expect(day.timeToDecision.medianSeconds).not.toBeNull();
    expect(day.queue.samples.length).toBeGreaterThan(0);
    expect(day.queue.now?.size).toBe(13);

    const month = (await get('/console/insights?range=30d', insightsResponseSchema)).data;
    expect(month.totals.decided).toBe(start.seeded);
    expect(month.moderators.map((m) => m.operator).sort()).toEqual([...demoModerators].sort());
    expect(
      month.rules.filter((rule) => rule.decided > 0).every((rule) => rule.ruleId !== null),
    ).toBe(true);
    expect(
      new Set(
        month.decisions.filter((b) => b.approved + b.rejected + b.deleted > 0).map((b) => b.at),
      ).size,
    ).toBeGreaterThan(15);
    expect(month.queue.samples.length).toBeGreaterThan(25);

    // Home and the queue: the pending items were held in the last days.
    const queue = await get('/api/moderation/blocked-messages', blockedMessageListResponseSchema);
    const oldest = Math.min(...queue.data.map((item) => item.message.sentAt * 1000));
    expect(now - oldest).toBeLessThan(7 * dayMs);
    // Users: everyone listed was active within the last 60 days.
    const users = await get('/api/users', userListResponseSchema);
    expect(users.data.length).toBeGreaterThan(0);
    for (const user of users.data)
      if (user.lastActiveAt !== undefined)
        expect(now - user.lastActiveAt * 1000).toBeLessThan(60 * dayMs);
  });

  it('keeps the history across restarts, writes it again with --reseed, and never twice', async () => {
    const first = await freshStart({});
    const count = async (store: typeof first.running.store) =>
      (
        await store.db
          .selectFrom('audit')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const rows = Number(await count(first.running.store));
    expect(rows).toBeGreaterThan(first.seeded);
    await first.close();

    const again = await freshStart({ dirs: first.dirs });
    expect(again.seeded).toBe(0);
    expect(Number(await count(again.running.store))).toBe(rows);
    await again.close();

    const reseeded = await freshStart({ dirs: first.dirs, reseed: true });
    cleanups.push(reseeded.close);
    expect(reseeded.seeded).toBe(first.seeded);
    expect(Number(await count(reseeded.running.store))).toBe(rows);
  });
});
