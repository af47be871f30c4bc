import { describe, expect, it } from 'vitest';
import type { BlockedMessage } from '../../../src/api/schemas/blocked-message';
import { recordAudit, type AuditRecord } from '../audit/audit-log';
import type { ConsoleStore } from '../store/store';
import { testStores } from '../test-support/test-store';
import { computeInsights } from './figures';
import { rememberBlockedItems } from './moderation-items';
import { recordQueueSample } from './queue-samples';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const now = Date.parse('2031-06-10T12:00:00Z');
const open = testStores();

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
    sentAt: sentAtMs / 1000,
  },
});

let seq = 0;
/** A decision as the console's audited write records it. */
const decide = (
  store: ConsoleStore,
  at: number,
  operator: string,
  what: 'approved' | 'rejected' | 'deleted',
  messageId: string,
  outcome: AuditRecord['outcome'] = 'ok',
) =>
  recordAudit(store, {
    at,
    requestId: `req-${(seq += 1)}`,
    operator,
    role: 'moderator',
    action: what === 'deleted' ? 'messages.delete' : 'blocked.review',
    operation:
      what === 'deleted'
        ? 'DELETE /messages/{id}'
        : 'PATCH /moderation/blocked-messages/{messageId}',
    targets: what === 'deleted' ? { id: messageId } : { messageId, status: what },
    onBehalfOf: null,
    reason: null,
    status: 200,
    upstreamStatus: 200,
    outcome,
    detail: null,
    durationMs: 3,
  });

const empty = { items: [], complete: true };

describe('moderation insights figures', () => {
  it('per rule: approved ÷ decided, with counts; decisions of unlisted items are "rule unknown"', async () => {
    const store = await open();
    await rememberBlockedItems(
      store,
      [
        item('1', 'profanity', now - 2 * hour),
        item('2', 'profanity', now - 3 * hour),
        item('3', 'profanity', now - 4 * hour),
        item('4', 'profanity', now - 5 * hour),
        item('5', 'email', now - 6 * hour),
      ],
      now - 2 * hour,
    );
    await decide(store, now - hour, 'sam', 'approved', '1');
    await decide(store, now - hour, 'sam', 'rejected', '2');
    await decide(store, now - hour, 'kim', 'rejected', '3');
    await decide(store, now - hour, 'kim', 'deleted', '4');
    await decide(store, now - hour, 'kim', 'approved', '5');
    await decide(store, now - hour, 'kim', 'approved', '99'); // never listed: rule unknown
    await decide(store, now - hour, 'kim', 'deleted', '500'); // a plain message: not a decision
    await decide(store, now - hour, 'kim', 'approved', '6', 'refused'); // not applied: not counted
    await decide(store, now - hour, 'kim', 'approved', '7', 'unknown'); // may not be applied: not counted

    const waiting = {
      items: [item('8', 'email', now - hour), item('9', 'contact', now - hour)],
      complete: true,
    };
    const figures = await computeInsights(store, { range: '24h', now, queue: waiting });
    expect(figures.rules).toEqual([
      {
        ruleId: 'profanity',
        ruleName: 'profanity rule',
        approved: 1,
        rejected: 2,
        deleted: 1,
        decided: 4,
        approvalRate: 0.25,
        waiting: 0,
      },
      {
        ruleId: 'email',
        ruleName: 'email rule',
        approved: 1,
        rejected: 0,
        deleted: 0,
        decided: 1,
        approvalRate: 1,
        waiting: 1,
      },
      {
        ruleId: 'contact',
        ruleName: 'contact rule',
        approved: 0,
        rejected: 0,
        deleted: 0,
        decided: 0,
        approvalRate: null,
        waiting: 1,
      },
      {
        ruleId: null,
        ruleName: null,
        approved: 1,
        rejected: 0,
        deleted: 0,
        decided: 1,
        approvalRate: 1,
        waiting: 0,
      },
    ]);
    expect(figures.totals).toEqual({ approved: 3, rejected: 2, deleted: 1, decided: 6 });
    expect(figures.moderators).toEqual([
      { operator: 'kim', approved: 2, rejected: 1, deleted: 1 },
      { operator: 'sam', approved: 1, rejected: 1, deleted: 0 },
    ]);
    expect(figures.queue.now).toEqual({
      size: 2,
      oldestSentAt: (now - hour) / 1000,
      complete: true,
    });
  });

  it("counts the queue's delete (a deletion, then a rejection of the same message) as one deletion", async () => {
    const store = await open();
    await rememberBlockedItems(
      store,
      [item('1', 'r', now - 3 * hour), item('2', 'r', now - 3 * hour)],
      now - 3 * hour,
    );
    await decide(store, now - 2 * hour, 'sam', 'deleted', '1');
    await decide(store, now - 2 * hour + 500, 'sam', 'rejected', '1');
    // Someone else's rejection is a decision of its own; a later rejection of the rejected item is not.
    await decide(store, now - 2 * hour, 'sam', 'deleted', '2');
    await decide(store, now - 2 * hour + 1_000, 'kim', 'rejected', '2');
    await decide(store, now - hour, 'sam', 'rejected', '2');
    // A message the console never saw listed, deleted then rejected by the queue: still a deletion.
    await decide(store, now - hour, 'sam', 'deleted', '3');
    await decide(store, now - hour + 700, 'sam', 'rejected', '3');
    const figures = await computeInsights(store, { range: '24h', now, queue: empty });
    expect(figures.totals).toEqual({ approved: 0, rejected: 1, deleted: 3, decided: 4 });
    expect(figures.moderators).toEqual([
      { operator: 'sam', approved: 0, rejected: 0, deleted: 3 },
      { operator: 'kim', approved: 0, rejected: 1, deleted: 0 },
    ]);
  });

  it('counts only decisions on blocked items, once each: a plain delete and a repeat are not decisions', async () => {
    const store = await open();
    await rememberBlockedItems(store, [item('7', 'r', now - 3 * hour)], now - 3 * hour);
    await decide(store, now - 2 * hour, 'sam', 'deleted', '40'); // an ordinary message
    await decide(store, now - 2 * hour + 1_000, 'sam', 'deleted', '7'); // the blocked item
    await decide(store, now - hour, 'kim', 'deleted', '7'); // deleted again: nothing changed
    await decide(store, now - hour, 'kim', 'approved', '8');
    await decide(store, now - hour + 1_000, 'kim', 'approved', '8'); // approved again
    const figures = await computeInsights(store, { range: '24h', now, queue: empty });
    expect(figures.totals).toEqual({ approved: 1, rejected: 0, deleted: 1, decided: 2 });
    expect(figures.moderators).toEqual([
      { operator: 'kim', approved: 1, rejected: 0, deleted: 0 },
      { operator: 'sam', approved: 0, rejected: 0, deleted: 1 },
    ]);
  });

  it('median time to decision: decision time − sentAt of the items whose sentAt is known', async () => {
    const store = await open();
    const sent = now - 10 * hour;
    await rememberBlockedItems(
      store,
      ['1', '2', '3', '4'].map((id) => item(id, 'r', sent)),
      sent,
    );
    await decide(store, sent + 60_000, 'sam', 'approved', '1'); // 60 s
    await decide(store, sent + 120_000, 'sam', 'rejected', '2'); // 120 s
    await decide(store, sent + 600_000, 'sam', 'deleted', '3'); // 600 s
    await decide(store, sent + 60_000, 'sam', 'approved', 'x'); // unknown item
    expect(
      (await computeInsights(store, { range: '24h', now, queue: empty })).timeToDecision,
    ).toEqual({
      medianSeconds: 120,
      measured: 3,
      unknown: 1,
    });
    await decide(store, sent + 3_600_000, 'sam', 'rejected', '4'); // 3600 s: even count, mean of the middle two
    const figures = await computeInsights(store, { range: '24h', now, queue: empty });
    expect(figures.timeToDecision.medianSeconds).toBe(360);
    // Per hour: 60, 120 and 600 s in the hour the items were sent; 3600 s an hour later.
    expect(
      figures.decisions.filter((b) => b.medianSeconds !== null).map((b) => [b.at, b.medianSeconds]),
    ).toEqual([
      [sent, 120],
      [sent + hour, 3600],
    ]);
  });

  it('ranges: only decisions inside count, in hourly (24h) or daily buckets, queue samples included', async () => {
    const store = await open();
    await decide(store, now - 2 * hour, 'sam', 'approved', 'a');
    await decide(store, now - 3 * day, 'sam', 'rejected', 'b');
    await decide(store, now - 20 * day, 'sam', 'rejected', 'c');
    await decide(store, now - 40 * day, 'sam', 'rejected', 'd');
    await recordQueueSample(store, {
      at: now - 3 * hour,
      size: 4,
      oldestSentAt: (now - 5 * hour) / 1000,
    });

    const day1 = await computeInsights(store, {
      range: '24h',
      now,
      queue: { problem: 'Queue not read: 503' },
    });
    expect(day1.totals.decided).toBe(1);
    expect(day1.decisions).toHaveLength(25);
    expect(day1.decisions.find((b) => b.approved === 1)?.at).toBe(now - 2 * hour);
    expect(day1.queue).toEqual({
      now: null,
      problem: 'Queue not read: 503',
      samples: [{ at: now - 3 * hour, size: 4, oldestAgeSeconds: 2 * 3600 }],
    });

    const week = await computeInsights(store, { range: '7d', now, queue: empty });
    expect(week.totals).toMatchObject({ approved: 1, rejected: 1, decided: 2 });
    expect(week.bucketMs).toBe(day);
    expect(week.decisions.reduce((n, b) => n + b.approved + b.rejected, 0)).toBe(2);

    expect((await computeInsights(store, { range: '30d', now, queue: empty })).totals.decided).toBe(
      3,
    );
  });
});
