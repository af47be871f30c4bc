import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordAudit, type AuditRecord } from './audit-log';
import { openConsoleStore, type ConsoleStore } from '../store/store';
import { startConsole } from '../start';
import { memoryLogger, testHashCost } from '../test-support/harness';
import { openTestStore } from '../test-support/test-store';
import { archiveAndPruneAudit } from './retention';

const day = 24 * 60 * 60 * 1000;
const now = Date.parse('2031-06-01T12:00:00Z');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'console-audit-'));
  dirs.push(dir);
  return dir;
};

const row = (at: number, fields: Partial<AuditRecord> = {}): AuditRecord => ({
  at,
  requestId: `req-${at}`,
  operator: 'mo',
  role: 'moderator',
  action: 'blocked.review',
  operation: 'PATCH /moderation/blocked-messages/{messageId}',
  targets: { messageId: '42', status: 'approved' },
  onBehalfOf: null,
  reason: null,
  status: 200,
  upstreamStatus: 200,
  outcome: 'ok',
  detail: null,
  durationMs: 4,
  ...fields,
});

const actions = (store: ConsoleStore) =>
  store.db.selectFrom('audit').select(['at', 'outcome', 'detail']).orderBy('id').execute();

describe('audit retention', () => {
  it('archives rows past retention to one CSV per day, then deletes them; younger rows stay', async () => {
    const dir = tempDir();
    const store = await openTestStore();
    const old = Date.parse('2030-04-01T08:00:00Z');
    for (const at of [old, old + 60_000, old + day, now - 10 * day])
      await recordAudit(store, row(at));
    const archiveDir = join(dir, 'audit-archive');
    expect(await archiveAndPruneAudit(store, { archiveDir, retentionDays: 400, now })).toBe(3);
    expect(await store.db.selectFrom('audit').select('at').execute()).toEqual([
      { at: now - 10 * day },
    ]);
    expect(readdirSync(archiveDir).sort()).toEqual([
      'audit-2030-04-01.csv',
      'audit-2030-04-02.csv',
    ]);
    const first = readFileSync(join(archiveDir, 'audit-2030-04-01.csv'), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(first[0]).toMatch(/^time,operator,role,action,operation,targets,/);
    expect(first.slice(1).map((line) => line.slice(0, 24))).toEqual([
      '2030-04-01T08:00:00.000Z',
      '2030-04-01T08:01:00.000Z',
    ]);
    expect(first[1]).toContain('"{""messageId"":""42"",""status"":""approved""}"');

    // A later run appends to the day's file without a second header.
    await recordAudit(store, row(old + 120_000));
    expect(await archiveAndPruneAudit(store, { archiveDir, retentionDays: 400, now })).toBe(1);
    const again = readFileSync(join(archiveDir, 'audit-2030-04-01.csv'), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(again).toHaveLength(4);
    expect(again.filter((line) => line.startsWith('time,'))).toHaveLength(1);
    await store.close();
  });

  it('archives each row once when two replicas prune at the same time', async () => {
    const dir = tempDir();
    const store = await openTestStore();
    const old = Date.parse('2030-04-01T08:00:00Z');
    const count = 2_500;
    for (let first = 0; first < count; first += 500) {
      await store.db
        .insertInto('audit')
        .values(
          Array.from({ length: 500 }, (_, k) => ({
            at: old + first + k,
            request_id: `req-${first + k}`,
            action: 'blocked.review',
            operation: 'PATCH /moderation/blocked-messages/{messageId}',
            outcome: 'ok',
          })),
        )
        .execute();
    }
    const prune = (archiveDir: string) =>
      archiveAndPruneAudit(store, { archiveDir, retentionDays: 400, now });
    const [a, b] = await Promise.all([prune(join(dir, 'a')), prune(join(dir, 'b'))]);
    expect((a ?? 0) + (b ?? 0)).toBe(count);
    const archived = ['a', 'b'].flatMap((replica) =>
      readdirSync(join(dir, replica)).flatMap((file) =>
        readFileSync(join(dir, replica, file), 'utf8')
          .trimEnd()
          .split('\r\n')
          .filter((line) => !line.startsWith('time,')),
      ),
    );
    expect(archived).toHaveLength(count);
    expect(new Set(archived).size).toBe(count);
    await store.close();
  });

  // The console started here keeps its store in its data directory: SQLite on both projects.
  it('at start: marks pending intents unknown, and prunes past the configured retention', async () => {
    const dataDir = tempDir();
    const store = await openConsoleStore({ file: join(dataDir, 'console.sqlite') });
    const recent = Date.now() - day;
    await recordAudit(store, row(Date.now() - 40 * day));
    await recordAudit(
      store,
      row(recent, { outcome: 'pending', status: null, upstreamStatus: null, durationMs: null }),
    );
    await recordAudit(store, row(recent + 1));
    await store.close();

    const { logger, lines } = memoryLogger();
    const running = await startConsole({
      port: 0,
      dataDir,
      upstream: { baseUrl: 'http://127.0.0.1:9/v3', apiKey: 'k'.repeat(40) },
      logger,
      testHooks: { passwordHashCost: testHashCost },
      auditRetentionDays: 30,
    });
    try {
      expect(await actions(running.store)).toEqual([
        { at: recent, outcome: 'unknown', detail: 'console stopped before the answer' },
        { at: recent + 1, outcome: 'ok', detail: null },
      ]);
      expect(readdirSync(join(dataDir, 'audit-archive'))).toHaveLength(1);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toContainEqual(expect.objectContaining({ count: 1, level: 40 }));
      expect(logged).toContainEqual(expect.objectContaining({ archived: 1, retentionDays: 30 }));
    } finally {
      await running.close();
    }
  });
});
