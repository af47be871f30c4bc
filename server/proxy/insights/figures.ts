import { z } from 'zod';
import type {
  DecisionBucket,
  Insights,
  InsightsRange,
  ModeratorFigures,
  RuleFigures,
} from '../../../src/api/schemas/insights';
import type { BlockedMessage } from '../../../src/api/schemas/blocked-message';
import type { ConsoleStore } from '../store/store';
import { readQueueSamples } from './queue-samples';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** Length of each range, the period of its decision buckets and of its queue samples. */
export const rangeSpans: Readonly<
  Record<InsightsRange, { ms: number; bucketMs: number; sampleMs: number }>
> = {
  '24h': { ms: dayMs, bucketMs: hourMs, sampleMs: hourMs / 2 },
  '7d': { ms: 7 * dayMs, bucketMs: dayMs, sampleMs: 3 * hourMs },
  '30d': { ms: 30 * dayMs, bucketMs: dayMs, sampleMs: 12 * hourMs },
};

type Kind = 'approved' | 'rejected' | 'deleted';
const kinds: readonly Kind[] = ['approved', 'rejected', 'deleted'];
const zero = () => ({ approved: 0, rejected: 0, deleted: 0 });

/**
 * The queue deletes a blocked message softly and then rejects it, so that it leaves the service's
 * list: a rejection by the same operator this soon after their deletion of the message is part of
 * that one decision, counted as deleted.
 */
const deleteThenRejectMs = 60_000;

/**
 * The console's own decisions in the range: approvals and rejections of blocked messages and
 * message deletions that the service applied (audit outcome `ok`), each with the item's rule and
 * `sentAt` when the console saw the message listed (moderation_items). The `audit_action_at`
 * index bounds the rows read to the range's decisions.
 */
const decisionsCte = `
  WITH d AS (
    SELECT a.at AS at, COALESCE(a.operator, '(unknown)') AS operator,
      CASE WHEN a.action = 'messages.delete' THEN 'deleted'
        WHEN json_extract(a.targets, '$.status') = 'approved' THEN 'approved'
        ELSE 'rejected' END AS kind,
      i.rule_id AS rule_id, i.rule_name AS rule_name, i.sent_at AS sent_at
    FROM audit a
    LEFT JOIN moderation_items i
      ON i.message_id = COALESCE(json_extract(a.targets, '$.messageId'), json_extract(a.targets, '$.id'))
    WHERE a.action IN ('blocked.review', 'messages.delete') AND a.outcome = 'ok'
      AND a.at >= @from AND a.at <= @to
      AND NOT (a.action = 'blocked.review' AND EXISTS (
        SELECT 1 FROM audit x
        WHERE x.action = 'messages.delete' AND x.outcome = 'ok'
          AND x.at BETWEEN a.at - ${deleteThenRejectMs} AND a.at AND x.operator IS a.operator
          AND json_extract(x.targets, '$.id') = json_extract(a.targets, '$.messageId')))
  )`;

const kindSchema = z.enum(['approved', 'rejected', 'deleted']);
const bucketRow = z.object({ bucket: z.number(), kind: kindSchema, n: z.number() });
const operatorRow = z.object({ operator: z.string(), kind: kindSchema, n: z.number() });
const ruleRow = z.object({
  rule_id: z.string().nullable(),
  rule_name: z.string().nullable(),
  kind: kindSchema,
  n: z.number(),
});
const countRow = z.object({ n: z.number() });
const secondsRow = z.object({ s: z.number() });
const bucketMedianRow = z.object({ bucket: z.number(), s: z.number() });

/** The current queue as the service lists it, when it could be read. */
export interface QueueNow {
  items: readonly BlockedMessage[];
  complete: boolean;
}

/**
 * The insights figures of a range ending at `now` (included; the first and last periods are partial): decisions by period, moderator and rule, the
 * median time to decision, the queue's samples, and the queue now (from the service) for the size,
 * the oldest item and each rule's waiting items.
 */
export function computeInsights(
  store: ConsoleStore,
  opts: { range: InsightsRange; now: number; queue: QueueNow | { problem: string } },
): Insights {
  const span = rangeSpans[opts.range];
  const to = opts.now;
  const from = to - span.ms;
  const params = { from, to, bucket: span.bucketMs };
  const all = <T>(schema: z.ZodType<T>, sql: string, extra: Record<string, number> = {}) =>
    z.array(schema).parse(store.statement(`${decisionsCte} ${sql}`).all({ ...params, ...extra }));

  const buckets = new Map<number, DecisionBucket>();
  const first = Math.floor(from / span.bucketMs);
  const last = Math.floor(to / span.bucketMs);
  for (let b = first; b <= last; b++)
    buckets.set(b, { at: b * span.bucketMs, ...zero(), medianSeconds: null });
  for (const row of all(
    bucketRow,
    'SELECT CAST(at / @bucket AS INTEGER) AS bucket, kind, COUNT(*) AS n FROM d GROUP BY bucket, kind',
  )) {
    const bucket = buckets.get(row.bucket);
    if (bucket) bucket[row.kind] += row.n;
  }

  const moderators = new Map<string, ModeratorFigures>();
  for (const row of all(
    operatorRow,
    'SELECT operator, kind, COUNT(*) AS n FROM d GROUP BY operator, kind',
  )) {
    const entry = moderators.get(row.operator) ?? { operator: row.operator, ...zero() };
    entry[row.kind] += row.n;
    moderators.set(row.operator, entry);
  }

  const rules = new Map<string | null, RuleFigures>();
  const ruleEntry = (ruleId: string | null, ruleName: string | null) => {
    const entry = rules.get(ruleId) ?? {
      ruleId,
      ruleName,
      ...zero(),
      decided: 0,
      approvalRate: null,
      waiting: 0,
    };
    entry.ruleName ??= ruleName;
    rules.set(ruleId, entry);
    return entry;
  };
  // A deletion of a message never listed as blocked is not a queue decision: it has no rule.
  for (const row of all(
    ruleRow,
    `SELECT rule_id, MAX(rule_name) AS rule_name, kind, COUNT(*) AS n FROM d
     WHERE rule_id IS NOT NULL OR kind <> 'deleted' GROUP BY rule_id, kind`,
  )) {
    ruleEntry(row.rule_id, row.rule_name)[row.kind] += row.n;
  }
  const queueNow = 'items' in opts.queue ? opts.queue : undefined;
  for (const item of queueNow?.items ?? [])
    ruleEntry(item.ruleId, item.ruleName ?? null).waiting += 1;
  for (const entry of rules.values()) {
    entry.decided = entry.approved + entry.rejected + entry.deleted;
    entry.approvalRate = entry.decided > 0 ? entry.approved / entry.decided : null;
  }

  // The median wait of each period: the middle one or two of its ordered waits, in one pass.
  for (const row of all(
    bucketMedianRow,
    `SELECT bucket, AVG(s) AS s FROM (
       SELECT CAST(at / @bucket AS INTEGER) AS bucket, MAX(0, at / 1000.0 - sent_at) AS s,
         ROW_NUMBER() OVER (PARTITION BY CAST(at / @bucket AS INTEGER) ORDER BY at / 1000.0 - sent_at) AS rn,
         COUNT(*) OVER (PARTITION BY CAST(at / @bucket AS INTEGER)) AS n
       FROM d WHERE sent_at IS NOT NULL)
     WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY bucket`,
  )) {
    const bucket = buckets.get(row.bucket);
    if (bucket) bucket.medianSeconds = Math.round(row.s);
  }

  const measuredWhere = 'FROM d WHERE sent_at IS NOT NULL';
  const measured = countRow.parse(
    store.statement(`${decisionsCte} SELECT COUNT(*) AS n ${measuredWhere}`).get(params),
  ).n;
  const unknown = countRow.parse(
    store
      .statement(
        `${decisionsCte} SELECT COUNT(*) AS n FROM d WHERE rule_id IS NULL AND kind <> 'deleted'`,
      )
      .get(params),
  ).n;
  let medianSeconds: number | null = null;
  if (measured > 0) {
    const middle = all(
      secondsRow,
      `SELECT MAX(0, at / 1000.0 - sent_at) AS s ${measuredWhere} ORDER BY s LIMIT @take OFFSET @skip`,
      { take: measured % 2 === 0 ? 2 : 1, skip: Math.floor((measured - 1) / 2) },
    );
    medianSeconds = Math.round(middle.reduce((sum, row) => sum + row.s, 0) / middle.length);
  }

  const totals = { ...zero(), decided: 0 };
  for (const entry of buckets.values()) for (const kind of kinds) totals[kind] += entry[kind];
  totals.decided = totals.approved + totals.rejected + totals.deleted;

  const sentAts = queueNow?.items.map((item) => item.message.sentAt) ?? [];
  return {
    range: opts.range,
    from,
    to,
    bucketMs: span.bucketMs,
    totals,
    decisions: [...buckets.values()],
    moderators: [...moderators.values()].sort(
      (a, b) => total(b) - total(a) || a.operator.localeCompare(b.operator),
    ),
    rules: [...rules.values()].sort(
      (a, b) =>
        Number(a.ruleId === null) - Number(b.ruleId === null) ||
        b.decided - a.decided ||
        b.waiting - a.waiting ||
        (a.ruleId ?? '').localeCompare(b.ruleId ?? ''),
    ),
    timeToDecision: { medianSeconds, measured, unknown },
    queue: {
      now: queueNow
        ? {
            size: queueNow.items.length,
            oldestSentAt: sentAts.length > 0 ? Math.min(...sentAts) : null,
            complete: queueNow.complete,
          }
        : null,
      problem: 'problem' in opts.queue ? opts.queue.problem : null,
      samples: readQueueSamples(store, { from, to: to + 1, bucketMs: span.sampleMs }).map(
        (point) => ({
          at: point.at,
          size: point.size,
          oldestAgeSeconds: point.oldestAgeSeconds,
        }),
      ),
    },
  };
}

const total = (entry: ModeratorFigures) => entry.approved + entry.rejected + entry.deleted;
