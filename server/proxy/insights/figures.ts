import { sql } from 'kysely';
import type {
  DecisionBucket,
  Insights,
  InsightsRange,
  ModeratorFigures,
  RuleFigures,
} from '../../../src/api/schemas/insights';
import type { BlockedMessage } from '../../../src/api/schemas/blocked-message';
import { jsonText } from '../store/sql-json';
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
 * The console's own decisions from `from` to `to`: approvals and rejections of blocked messages
 * and message deletions that the service applied (audit outcome `ok`), each with the message's rule
 * and `sentAt` when the console saw it listed (moderation_items). One pass over the range's
 * decisions, bounded by the `audit_action_at` index; the figures are added up from it.
 */
export function decisionsQuery(store: ConsoleStore, from: number, to: number) {
  const decided = store.db
    .selectFrom('audit')
    .select((eb) => [
      'at',
      eb.fn.coalesce('operator', sql.lit('(unknown)')).as('operator'),
      'action',
      jsonText(store.engine, 'targets', 'status').as('status'),
      eb.fn
        .coalesce(
          jsonText(store.engine, 'targets', 'messageId'),
          jsonText(store.engine, 'targets', 'id'),
        )
        .as('message_id'),
    ])
    .where('action', 'in', ['blocked.review', 'messages.delete'])
    .where('outcome', '=', 'ok')
    .where('at', '>=', from)
    .where('at', '<=', to);
  return store.db
    .selectFrom(decided.as('a'))
    .leftJoin('moderation_items as i', 'i.message_id', 'a.message_id')
    .select([
      'a.at',
      'a.operator',
      'a.action',
      'a.status',
      'a.message_id',
      'i.rule_id',
      'i.rule_name',
      'i.sent_at',
    ]);
}

interface Decision {
  at: number;
  operator: string;
  kind: Kind;
  messageId: string | null;
  ruleId: string | null;
  ruleName: string | null;
  sentAt: number | null;
}

type DecisionRow = Awaited<ReturnType<ReturnType<typeof decisionsQuery>['execute']>>[number];

function toDecision(row: DecisionRow): Decision {
  const kind: Kind =
    row.action === 'messages.delete'
      ? 'deleted'
      : row.status === 'approved'
        ? 'approved'
        : 'rejected';
  // SQLite reads a JSON number as a number; PostgreSQL's `->>` always as text.
  const messageId: unknown = row.message_id;
  return {
    at: row.at,
    operator: row.operator,
    kind,
    messageId:
      typeof messageId === 'string'
        ? messageId
        : typeof messageId === 'number'
          ? String(messageId)
          : null,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    sentAt: row.sent_at,
  };
}

/**
 * Decisions repeated within this long before the range (a second delete of a message deleted
 * yesterday) are recognised as repeats and not counted again.
 */
const repeatLookbackMs = 24 * 60 * 60 * 1000;

/**
 * The range's decisions on blocked items, each counted once (decision 0016):
 * - the queue's delete (a deletion, then the same operator's rejection) reads as one deletion;
 * - any other deletion counts only when the message is known as a blocked item (listed by the
 *   service's blocked or reviewed list): deleting an ordinary message is not a moderation decision;
 * - the same decision on the same message again (a repeated delete, an approval of an approved
 *   item) changes nothing on the service and is not counted again.
 */
async function readDecisions(store: ConsoleStore, from: number, to: number): Promise<Decision[]> {
  const rows = (await decisionsQuery(store, from - repeatLookbackMs, to).execute())
    .map(toDecision)
    // In time order, so a deletion is met before the rejection that follows it.
    .sort((a, b) => a.at - b.at || Number(b.kind === 'deleted') - Number(a.kind === 'deleted'));
  const deletions = new Map<string, Decision>();
  const fromQueue = new Set<Decision>();
  const kept: Decision[] = [];
  for (const decision of rows) {
    const key =
      decision.messageId === null ? null : `${decision.operator}\u0000${decision.messageId}`;
    if (decision.kind === 'deleted') {
      if (key !== null) deletions.set(key, decision);
    } else if (key !== null && decision.kind === 'rejected') {
      const deletion = deletions.get(key);
      if (deletion && decision.at - deletion.at <= deleteThenRejectMs) {
        fromQueue.add(deletion);
        continue;
      }
    }
    kept.push(decision);
  }
  const seen = new Set<string>();
  return kept.filter((decision) => {
    if (decision.kind === 'deleted' && decision.ruleId === null && !fromQueue.has(decision))
      return false;
    if (decision.messageId !== null) {
      const once = `${decision.kind}\u0000${decision.messageId}`;
      if (seen.has(once)) return false;
      seen.add(once);
    }
    return decision.at >= from;
  });
}

/** The middle value (the mean of the middle two), of values sorted in place; null without any. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const mid = Math.floor((values.length - 1) / 2);
  const low = values[mid] ?? 0;
  const high = values.length % 2 === 0 ? (values[mid + 1] ?? low) : low;
  return Math.round((low + high) / 2);
}

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
): Promise<Insights> {
  const span = rangeSpans[opts.range];
  const to = opts.now;
  const from = to - span.ms;
  const decisions = await readDecisions(store, from, to);
  const samples = await readQueueSamples(store, { from, to: to + 1, bucketMs: span.sampleMs });

  const buckets = new Map<number, DecisionBucket>();
  const bucketWaits = new Map<number, number[]>();
  const first = Math.floor(from / span.bucketMs);
  const last = Math.floor(to / span.bucketMs);
  for (let b = first; b <= last; b++)
    buckets.set(b, { at: b * span.bucketMs, ...zero(), medianSeconds: null });
  const moderators = new Map<string, ModeratorFigures>();
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
  const waits: number[] = [];
  let unknown = 0;
  for (const decision of decisions) {
    const b = Math.floor(decision.at / span.bucketMs);
    const bucket = buckets.get(b);
    if (bucket) bucket[decision.kind] += 1;
    const moderator = moderators.get(decision.operator) ?? {
      operator: decision.operator,
      ...zero(),
    };
    moderator[decision.kind] += 1;
    moderators.set(decision.operator, moderator);
    // Every decision counted is on a blocked item: one the console never saw listed is "rule unknown".
    ruleEntry(decision.ruleId, decision.ruleName)[decision.kind] += 1;
    if (decision.ruleId === null) unknown += 1;
    if (decision.sentAt !== null) {
      const wait = Math.max(0, decision.at / 1000 - decision.sentAt);
      waits.push(wait);
      const inBucket = bucketWaits.get(b) ?? [];
      inBucket.push(wait);
      bucketWaits.set(b, inBucket);
    }
  }
  for (const [b, values] of bucketWaits) {
    const bucket = buckets.get(b);
    if (bucket) bucket.medianSeconds = median(values);
  }
  const queueNow = 'items' in opts.queue ? opts.queue : undefined;
  for (const item of queueNow?.items ?? [])
    ruleEntry(item.ruleId, item.ruleName ?? null).waiting += 1;
  for (const entry of rules.values()) {
    entry.decided = entry.approved + entry.rejected + entry.deleted;
    entry.approvalRate = entry.decided > 0 ? entry.approved / entry.decided : null;
  }
  const measured = waits.length;
  const medianSeconds = median(waits);

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
      samples: samples.map((point) => ({
        at: point.at,
        size: point.size,
        oldestAgeSeconds: point.oldestAgeSeconds,
      })),
    },
  };
}

const total = (entry: ModeratorFigures) => entry.approved + entry.rejected + entry.deleted;
