import { sql } from 'kysely';
import { repeatLookbackMs } from '../insights/decision-class';
import { zeroCounts, type DecisionFigures, type KindCounts } from '../insights/decision-figures';
import { jsonText } from '../store/sql-json';
import type { ConsoleStore } from '../store/store';

/**
 * The insights' decision figures by a pass over every decision of the range read from the audit
 * trail's JSON, as the console computed them before it kept totals (decision 0042): the reference
 * the totals are checked against. The rows a minute either side of the range are read as partners of
 * the queue's delete only, so a pair across the range's edge counts as the totals count it.
 */
type Kind = keyof KindCounts;
const deleteThenRejectMs = 60_000;

function decisionsQuery(store: ConsoleStore, from: number, to: number) {
  const decided = store.db
    .selectFrom('audit')
    .select((eb) => [
      'id',
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
      'a.id',
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
  id: number;
  at: number;
  operator: string;
  kind: Kind;
  messageId: string | null;
  ruleId: string | null;
  ruleName: string | null;
  sentAt: number | null;
}

async function readDecisions(store: ConsoleStore, from: number, to: number): Promise<Decision[]> {
  const rows = (
    await decisionsQuery(
      store,
      from - repeatLookbackMs - deleteThenRejectMs,
      to + deleteThenRejectMs,
    ).execute()
  )
    .map((row): Decision => {
      const messageId: unknown = row.message_id;
      return {
        id: row.id,
        at: row.at,
        operator: row.operator,
        kind:
          row.action === 'messages.delete'
            ? 'deleted'
            : row.status === 'approved'
              ? 'approved'
              : 'rejected',
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
    })
    .sort(
      (a, b) =>
        a.at - b.at || Number(b.kind === 'deleted') - Number(a.kind === 'deleted') || a.id - b.id,
    );
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
    if (decision.at >= from - repeatLookbackMs && decision.at <= to) kept.push(decision);
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

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const mid = Math.floor((values.length - 1) / 2);
  const low = values[mid] ?? 0;
  const high = values.length % 2 === 0 ? (values[mid + 1] ?? low) : low;
  return Math.round((low + high) / 2);
}

/** The figures `readDecisionFigures` answers, by a full scan. */
export async function scanDecisionFigures(
  store: ConsoleStore,
  from: number,
  to: number,
  bucketMs: number,
): Promise<DecisionFigures> {
  const periods: DecisionFigures['periods'] = new Map();
  for (let p = Math.floor(from / bucketMs); p <= Math.floor(to / bucketMs); p++)
    periods.set(p, { ...zeroCounts(), medianSeconds: null });
  const moderators: DecisionFigures['moderators'] = new Map();
  const rules: DecisionFigures['rules'] = new Map();
  const waits: number[] = [];
  const periodWaits = new Map<number, number[]>();
  for (const decision of await readDecisions(store, from, to)) {
    const p = Math.floor(decision.at / bucketMs);
    const period = periods.get(p);
    if (period) period[decision.kind] += 1;
    const moderator = moderators.get(decision.operator) ?? zeroCounts();
    moderator[decision.kind] += 1;
    moderators.set(decision.operator, moderator);
    const rule = rules.get(decision.ruleId) ?? { ...zeroCounts(), ruleName: null };
    rule.ruleName ??= decision.ruleName;
    rule[decision.kind] += 1;
    rules.set(decision.ruleId, rule);
    if (decision.sentAt !== null) {
      const wait = Math.max(0, decision.at / 1000 - decision.sentAt);
      waits.push(wait);
      periodWaits.set(p, [...(periodWaits.get(p) ?? []), wait]);
    }
  }
  for (const [p, values] of periodWaits) {
    const period = periods.get(p);
    if (period) period.medianSeconds = median(values);
  }
  const unknown = rules.get(null);
  return {
    periods,
    moderators,
    rules,
    medianSeconds: median([...waits]),
    measured: waits.length,
    unknown: unknown ? unknown.approved + unknown.rejected + unknown.deleted : 0,
  };
}
