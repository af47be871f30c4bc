import { describe, expect, it } from 'vitest';
import { seedDemo } from '../emulator/seed';
import { readHistory, readQueueItems } from '../emulator/seed/demo-history';
import { openStore } from '../emulator/store';
import { computeInsights } from '../proxy/insights/figures';
import { recordAudit } from '../proxy/audit/audit-log';
import type { ConsoleStore } from '../proxy/store/store';
import { testStores } from '../proxy/test-support/test-store';
import { demoDetail, demoModerators, seedConsoleHistory } from './console-history';

const open = testStores();

const at = Date.parse('2031-03-01T09:30:00Z');

/** The emulator's demo data seeded at `at`, and the console history written from it. */
async function seeded() {
  const emulator = openStore({ file: ':memory:' });
  seedDemo(emulator, at / 1000);
  const source = { history: readHistory(emulator.db), queue: readQueueItems(emulator.db) };
  const store = await open();
  const count = await seedConsoleHistory(store, source, at);
  return { emulator, store, source, count };
}

const auditRows = (store: ConsoleStore) =>
  store.db.selectFrom('audit').selectAll().orderBy('id').execute();

describe('the demo history in the console', () => {
  it('records decisions that match what the emulator holds, by demo moderators who are not operators', async () => {
    const { emulator, store, count } = await seeded();
    expect(count).toBe(30);
    const rows = await auditRows(store);
    const status = emulator.db.prepare(
      'SELECT b.status, m.moderation, m.deleted_at FROM blocked_messages b JOIN messages m ON m.id = b.message_id WHERE m.id = ?',
    );
    for (const row of rows) {
      const targets = JSON.parse(row.targets) as {
        messageId?: string;
        id?: string;
        status?: string;
      };
      const held = status.get(Number(targets.messageId ?? targets.id)) as
        { status: string; moderation: string; deleted_at: number | null } | undefined;
      expect(held, row.request_id).toBeDefined();
      // Decided items are no longer pending; a decision says what the emulator holds.
      expect(held?.status).not.toBe('pending');
      if (row.action === 'messages.delete') expect(held?.deleted_at).not.toBeNull();
      else expect(held?.status).toBe(targets.status);
      expect(row).toMatchObject({ outcome: 'ok', detail: demoDetail, role: 'moderator' });
      expect(demoModerators).toContain(row.operator);
      expect(row.at).toBeLessThanOrEqual(at);
      expect(row.at).toBeGreaterThan(at - 30 * 24 * 3600 * 1000);
    }
    const operators = await store.db.selectFrom('operators').select('username').execute();
    expect(operators.filter((o) => demoModerators.some((name) => name === o.username))).toEqual([]);
    emulator.close();
  });

  it('gives the insights figures for the day and the month, each item counted once', async () => {
    const { emulator, store, source } = await seeded();
    const pending = source.queue.filter((item) => item.decidedAt === null).length;
    const queue = { items: [], complete: true };
    const month = await computeInsights(store, { range: '30d', now: at, queue });
    expect(month.totals.decided).toBe(30);
    expect(month.totals.approved).toBeGreaterThan(0);
    expect(month.totals.rejected).toBeGreaterThan(0);
    expect(month.totals.deleted).toBeGreaterThan(0);
    expect(month.rules.every((rule) => rule.ruleId !== null)).toBe(true);
    expect(month.timeToDecision.measured).toBe(30);
    expect(month.queue.samples.length).toBeGreaterThan(25);
    // The last sample is the queue as the emulator holds it now.
    const latest = await store.db
      .selectFrom('queue_samples')
      .selectAll()
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(latest.size).toBe(pending);
    const day = await computeInsights(store, { range: '24h', now: at, queue });
    expect(day.totals.decided).toBe(6);
    expect(day.queue.samples.length).toBeGreaterThan(20);
    emulator.close();
  });

  it('replaces its own rows when seeded again, and leaves the operators’ rows alone', async () => {
    const { emulator, store, source } = await seeded();
    await recordAudit(store, {
      at: at - 1000,
      requestId: 'an-operator-request',
      operator: 'ada',
      role: 'admin',
      action: 'reasons.create',
      operation: 'POST /moderation/reasons',
      targets: { id: 'x' },
      onBehalfOf: null,
      reason: null,
      status: 200,
      upstreamStatus: 200,
      outcome: 'ok',
      detail: null,
      durationMs: 3,
    });
    const before = (await auditRows(store)).length;
    const samples = await store.db.selectFrom('queue_samples').selectAll().execute();
    await seedConsoleHistory(store, source, at);
    expect((await auditRows(store)).length).toBe(before);
    expect(await store.db.selectFrom('queue_samples').selectAll().execute()).toHaveLength(
      samples.length,
    );
    expect((await auditRows(store)).filter((row) => row.operator === 'ada')).toHaveLength(1);
    emulator.close();
  });
});
