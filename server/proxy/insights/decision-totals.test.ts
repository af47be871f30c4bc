import { describe, expect, it } from 'vitest';
import type { BlockedMessage } from '../../../src/api/schemas/blocked-message';
import { recordAudit, type AuditRecord } from '../audit/audit-log';
import { completeAudit } from '../audit/audit-stages';
import type { ConsoleStore } from '../store/store';
import { scanDecisionFigures } from '../test-support/insights-scan';
import { testStores } from '../test-support/test-store';
import { dayMs, hourMs } from './decision-class';
import { readDecisionFigures } from './decision-figures';
import { rebuildInsightTotals } from './decision-rebuild';
import { rememberBlockedItems } from './moderation-items';

const open = testStores();

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

const base = Date.parse('2031-03-01T00:00:00Z');
const item = (id: string, ruleId: string, sentAtMs: number): BlockedMessage => ({
  ruleId,
  ruleName: `${ruleId} rule`,
  message: {
    id,
    conversationId: 'a_user_b',
    sender: 'a',
    receiver: 'b',
    receiverType: 'user',
    category: 'message',
    type: 'text',
    data: { text: 'x', moderation: { status: 'pending' } },
    sentAt: Math.round(sentAtMs / 1000),
  },
});

type What = 'approved' | 'rejected' | 'deleted';
const targetsOf = (what: What, messageId: string | null): Record<string, string> =>
  messageId === null
    ? what === 'deleted'
      ? {}
      : { status: what }
    : what === 'deleted'
      ? { id: messageId }
      : { messageId, status: what };

const row = (at: number, operator: string, what: What, messageId: string | null, n: number) =>
  ({
    at,
    requestId: `req-${n}`,
    operator,
    role: 'moderator',
    action: what === 'deleted' ? 'messages.delete' : 'blocked.review',
    operation: what === 'deleted' ? 'DELETE /messages/{id}' : 'PATCH /moderation/blocked-messages',
    targets: targetsOf(what, messageId),
    onBehalfOf: null,
    reason: null,
    status: 200,
    upstreamStatus: 200,
    outcome: 'ok',
    detail: null,
    durationMs: 3,
  }) satisfies AuditRecord;

/**
 * A trail with what makes counting hard: repeats within and beyond a day, the queue's delete
 * (a deletion, then a rejection within a minute), items learnt after their decisions and items
 * forgotten, decisions completed after their intent, refused ones, unnamed messages.
 */
async function fillRandomTrail(store: ConsoleStore, seed: number): Promise<void> {
  const rnd = random(seed);
  const operators = ['ann', 'bob', 'cy'];
  const rules = ['spam', 'abuse', 'links'];
  const messages = Array.from({ length: 40 }, (_, i) => String(i + 1));
  const sent = new Map(messages.map((id) => [id, base - rnd.int(45 * dayMs)]));
  const listed = messages.filter(() => rnd.next() < 0.6);
  const later = listed.filter(() => rnd.next() < 0.3);
  await rememberBlockedItems(
    store,
    listed
      .filter((id) => !later.includes(id))
      .map((id) => item(id, rules[Number(id) % 3] ?? 'spam', sent.get(id) ?? base)),
    base - 40 * dayMs,
  );
  let n = 0;
  for (let i = 0; i < 260; i++) {
    const at = base - rnd.int(40 * dayMs);
    const operator = rnd.pick(operators);
    const messageId = rnd.next() < 0.05 ? null : rnd.pick(messages);
    const what = rnd.pick<What>(['approved', 'rejected', 'deleted']);
    n += 1;
    if (rnd.next() < 0.15) {
      const id = await recordAudit(store, {
        ...row(at, operator, what, messageId, n),
        outcome: 'pending',
        status: null,
      });
      await completeAudit(store, id, {
        status: 200,
        upstreamStatus: 200,
        outcome: rnd.next() < 0.8 ? 'ok' : 'failed',
        detail: null,
        durationMs: 4,
      });
    } else {
      const outcome = rnd.next() < 0.9 ? 'ok' : 'refused';
      await recordAudit(store, { ...row(at, operator, what, messageId, n), outcome });
    }
    if (what === 'deleted' && rnd.next() < 0.5) {
      n += 1;
      const gap = rnd.pick([0, 500, 59_000, 60_000, 61_000]);
      await recordAudit(
        store,
        row(at + gap, rnd.next() < 0.8 ? operator : 'bob', 'rejected', messageId, n),
      );
    }
  }
  // Learnt after the decisions; then a list read long after forgets what was not seen since.
  await rememberBlockedItems(
    store,
    later.map((id) => item(id, rules[Number(id) % 3] ?? 'spam', sent.get(id) ?? base)),
    base - 2 * dayMs,
  );
  await rememberBlockedItems(store, [], base + 23 * dayMs + 3 * hourMs);
}

const spans = [
  { ms: dayMs, bucketMs: hourMs },
  { ms: 7 * dayMs, bucketMs: dayMs },
  { ms: 30 * dayMs, bucketMs: dayMs },
];

async function expectTotalsMatchScan(store: ConsoleStore, seed: number): Promise<void> {
  const rnd = random(seed);
  for (let i = 0; i < 12; i++) {
    const span = rnd.pick(spans);
    // Ends anywhere, mid-minute included, and sometimes exactly on an hour or a day.
    const to =
      i % 4 === 0 ? base - rnd.int(20) * dayMs : base + dayMs - rnd.int(45 * dayMs) - rnd.int(1000);
    const from = to - span.ms;
    const totals = await readDecisionFigures(store, from, to, span.bucketMs);
    const scan = await scanDecisionFigures(store, from, to, span.bucketMs);
    expect({ from, to, ...totals }).toEqual({ from, to, ...scan });
  }
}

/** A median placed within its bucket is off by at most the bucket's width (and the rounding). */
const closeTo = (exact: number | null, placed: number | null) =>
  exact === null ? placed === null : Math.abs((placed ?? -1) - exact) <= exact * bucketWidth + 1;
const bucketWidth = Math.expm1(1 / 16);

describe('insights totals', () => {
  // A few hundred audited writes each: more than the default 5 s on a busy PostgreSQL.
  it.each([1, 2, 3])(
    'answer what a full scan of the trail answers (random trail and ranges, seed %i)',
    async (seed) => {
      const store = await open();
      await fillRandomTrail(store, seed);
      const scan = await scanDecisionFigures(store, base - 30 * dayMs, base, dayMs);
      expect(scan.moderators.size).toBeGreaterThan(0);
      expect(scan.unknown).toBeGreaterThan(0);
      await expectTotalsMatchScan(store, seed * 7);
    },
    30_000,
  );

  it('place a median in its bucket when the bucket is too full to read, within its width', async () => {
    const store = await open();
    await fillRandomTrail(store, 4);
    const rnd = random(13);
    for (let i = 0; i < 12; i++) {
      const span = rnd.pick(spans);
      const to = base + dayMs - rnd.int(45 * dayMs) - rnd.int(1000);
      const from = to - span.ms;
      const { periods, medianSeconds, ...placed } = await readDecisionFigures(
        store,
        from,
        to,
        span.bucketMs,
        0,
      );
      const scan = await scanDecisionFigures(store, from, to, span.bucketMs);
      const { periods: scanPeriods, medianSeconds: scanMedian, ...exact } = scan;
      expect(placed).toEqual(exact);
      expect([scanMedian, medianSeconds, closeTo(scanMedian, medianSeconds)]).toEqual([
        scanMedian,
        medianSeconds,
        true,
      ]);
      for (const [p, entry] of scanPeriods) {
        const got = periods.get(p);
        expect({ ...got, medianSeconds: 0 }).toEqual({ ...entry, medianSeconds: 0 });
        expect(closeTo(entry.medianSeconds, got?.medianSeconds ?? null)).toBe(true);
      }
    }
  }, 30_000);

  it('are built for a trail written before they were kept, as the migration does', async () => {
    const store = await open();
    await fillRandomTrail(store, 11);
    await store.db.deleteFrom('insight_counts').execute();
    await store.db.deleteFrom('insight_waits').execute();
    await store.db.deleteFrom('insight_decisions').execute();
    expect((await readDecisionFigures(store, base - 30 * dayMs, base, dayMs)).moderators.size).toBe(
      0,
    );
    await rebuildInsightTotals(store.db);
    await expectTotalsMatchScan(store, 5);
  }, 30_000);
});
