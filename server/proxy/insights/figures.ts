import type {
  DecisionBucket,
  Insights,
  InsightsRange,
  ModeratorFigures,
  RuleFigures,
} from '../../../src/api/schemas/insights';
import type { BlockedMessage } from '../../../src/api/schemas/blocked-message';
import type { ConsoleStore } from '../store/store';
import { readDecisionFigures, zeroCounts } from './decision-figures';
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

const kinds = ['approved', 'rejected', 'deleted'] as const;

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
export async function computeInsights(
  store: ConsoleStore,
  opts: { range: InsightsRange; now: number; queue: QueueNow | { problem: string } },
): Promise<Omit<Insights, 'flagTimeToDecision'>> {
  const span = rangeSpans[opts.range];
  const to = opts.now;
  const from = to - span.ms;
  const figures = await readDecisionFigures(store, from, to, span.bucketMs);
  const samples = await readQueueSamples(store, { from, to: to + 1, bucketMs: span.sampleMs });

  const buckets = [...figures.periods].map(([b, entry]): DecisionBucket => ({
    at: b * span.bucketMs,
    ...entry,
  }));
  const moderators = [...figures.moderators].map(([operator, counts]): ModeratorFigures => ({
    operator,
    ...counts,
  }));
  const rules = new Map<string | null, RuleFigures>();
  const ruleEntry = (ruleId: string | null, ruleName: string | null) => {
    const entry = rules.get(ruleId) ?? {
      ruleId,
      ruleName,
      ...zeroCounts(),
      decided: 0,
      approvalRate: null,
      waiting: 0,
    };
    entry.ruleName ??= ruleName;
    rules.set(ruleId, entry);
    return entry;
  };
  for (const [ruleId, counts] of figures.rules) {
    const entry = ruleEntry(ruleId, counts.ruleName);
    for (const kind of kinds) entry[kind] += counts[kind];
  }
  const queueNow = 'items' in opts.queue ? opts.queue : undefined;
  for (const item of queueNow?.items ?? [])
    ruleEntry(item.ruleId, item.ruleName ?? null).waiting += 1;
  for (const entry of rules.values()) {
    entry.decided = entry.approved + entry.rejected + entry.deleted;
    entry.approvalRate = entry.decided > 0 ? entry.approved / entry.decided : null;
  }
  const { measured, medianSeconds, unknown } = figures;

  const totals = { ...zeroCounts(), decided: 0 };
  for (const entry of buckets) for (const kind of kinds) totals[kind] += entry[kind];
  totals.decided = totals.approved + totals.rejected + totals.deleted;

  const sentAts = queueNow?.items.map((item) => item.message.sentAt) ?? [];
  return {
    range: opts.range,
    from,
    to,
    bucketMs: span.bucketMs,
    totals,
    decisions: buckets,
    moderators: moderators.sort(
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
      samples: samples.map((point) => ({
        at: point.at,
        size: point.size,
        oldestAgeSeconds: point.oldestAgeSeconds,
      })),
    },
  };
}

const total = (entry: ModeratorFigures) => entry.approved + entry.rejected + entry.deleted;
