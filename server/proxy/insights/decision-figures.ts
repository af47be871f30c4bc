import { sql } from 'kysely';
import type { ConsoleStore } from '../store/store';
import {
  dayMs,
  hourMs,
  rangeParts,
  repeatLookbackMs,
  waitSeconds,
  type DecisionKind,
} from './decision-class';
import { mediansOf, type WaitSource } from './decision-medians';

/** Decisions of one kind, counted. */
export type KindCounts = Record<DecisionKind, number>;
export const zeroCounts = (): KindCounts => ({ approved: 0, rejected: 0, deleted: 0 });

export interface DecisionFigures {
  /** By period index (`Math.floor(at / bucketMs)`). */
  periods: Map<number, KindCounts & { medianSeconds: number | null }>;
  moderators: Map<string, KindCounts>;
  rules: Map<string | null, KindCounts & { ruleName: string | null }>;
  medianSeconds: number | null;
  measured: number;
  unknown: number;
}

type Parts = ReturnType<typeof rangeParts>;

/**
 * The kept totals of the range's whole days and hours, as one table: one arm per part, each a range
 * of the primary key (an `OR` of the parts would read the whole table).
 */
function totalsOf(store: ConsoleStore, parts: Parts, table: 'insight_counts' | 'insight_waits') {
  const arm = (span: number, start: number, end: number) =>
    store.db
      .selectFrom(table)
      .selectAll()
      .where('span', '=', span)
      .where('period', '>=', start)
      .where('period', '<', end);
  return store.db.selectFrom(
    arm(dayMs, parts.dStart, parts.dEnd)
      .unionAll(arm(hourMs, parts.hStart, parts.dStart))
      .unionAll(arm(hourMs, parts.dEnd, parts.hEnd))
      .as('t'),
  );
}

/**
 * The decisions read one by one: the firsts of the range's partial hours, and the late repeats that
 * count in this range (decision 0042). One arm per part, each a range of an index.
 */
export function rawDecisions(store: ConsoleStore, parts: Parts) {
  const columns = [
    'at',
    'operator',
    'kind',
    'rule_id',
    'rule_name',
    'sent_at',
    'wait_bucket',
  ] as const;
  const firsts = (start: number, end: number) =>
    store.db
      .selectFrom('insight_decisions')
      .select(columns)
      .where('class', '=', 'first')
      .where('at', '>=', start)
      .where('at', '<', end);
  // The original's time is compared in the index (class, at, repeat_of), not on each row read.
  const lates = store.db
    .selectFrom('insight_decisions')
    .select(columns)
    .where('class', '=', 'late')
    .where('at', '>=', parts.from)
    .where('at', '<', parts.end)
    .where('repeat_of', '<', parts.from - repeatLookbackMs);
  return firsts(parts.from, parts.hStart).unionAll(firsts(parts.hEnd, parts.end)).unionAll(lates);
}

/**
 * The range's decisions on blocked items, counted once each (decision 0016), from the totals the
 * console keeps (decision 0042): the same figures as a pass over every decision of the range.
 */
export async function readDecisionFigures(
  store: ConsoleStore,
  from: number,
  to: number,
  bucketMs: number,
  exactLimit?: number,
): Promise<DecisionFigures> {
  const parts = rangeParts(from, to, bucketMs);
  const periodOf = sql<number>`period - period % ${sql.lit(bucketMs)}`;
  const [counts, waits, raw] = await Promise.all([
    totalsOf(store, parts, 'insight_counts')
      .select((eb) => [
        periodOf.as('p'),
        'dim',
        'value',
        'kind',
        eb.fn.sum<number>('n').as('n'),
        eb.fn.max('rule_name').as('rule_name'),
      ])
      .groupBy([periodOf, 'dim', 'value', 'kind'])
      .execute(),
    totalsOf(store, parts, 'insight_waits')
      .select((eb) => [periodOf.as('p'), 'bucket', eb.fn.sum<number>('n').as('n')])
      .groupBy([periodOf, 'bucket'])
      .execute(),
    rawDecisions(store, parts).execute(),
  ]);

  const periods: DecisionFigures['periods'] = new Map();
  const first = Math.floor(from / bucketMs);
  const last = Math.floor(to / bucketMs);
  for (let p = first; p <= last; p++) periods.set(p, { ...zeroCounts(), medianSeconds: null });
  const moderators: DecisionFigures['moderators'] = new Map();
  const rules: DecisionFigures['rules'] = new Map();
  const ruleOf = (ruleId: string | null, ruleName: string | null) => {
    const entry = rules.get(ruleId) ?? { ...zeroCounts(), ruleName: null };
    entry.ruleName ??= ruleName;
    rules.set(ruleId, entry);
    return entry;
  };
  const moderatorOf = (operator: string) => {
    const entry = moderators.get(operator) ?? zeroCounts();
    moderators.set(operator, entry);
    return entry;
  };
  for (const row of counts) {
    const n = Number(row.n);
    const kind = row.kind as DecisionKind;
    if (n <= 0) continue;
    if (row.dim === 'rule') {
      ruleOf(row.value === '' ? null : row.value, row.rule_name)[kind] += n;
      continue;
    }
    moderatorOf(row.value)[kind] += n;
    const entry = periods.get(Math.floor(Number(row.p) / bucketMs));
    if (entry) entry[kind] += n;
  }

  const source: WaitSource = { histogram: new Map(), extra: new Map() };
  for (const row of waits) {
    const p = Math.floor(Number(row.p) / bucketMs);
    const histogram = source.histogram.get(p) ?? new Map<number, number>();
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + Number(row.n));
    source.histogram.set(p, histogram);
  }
  for (const row of raw) {
    const p = Math.floor(row.at / bucketMs);
    const entry = periods.get(p);
    if (entry) entry[row.kind] += 1;
    moderatorOf(row.operator)[row.kind] += 1;
    ruleOf(row.rule_id, row.rule_name)[row.kind] += 1;
    if (row.sent_at === null || row.wait_bucket === null) continue;
    const extra = source.extra.get(p) ?? [];
    extra.push({ bucket: row.wait_bucket, seconds: waitSeconds(row.at, row.sent_at) });
    source.extra.set(p, extra);
  }

  let measured = 0;
  for (const histogram of source.histogram.values())
    for (const n of histogram.values()) measured += n;
  for (const extra of source.extra.values()) measured += extra.length;
  const medians = await mediansOf(store, parts, bucketMs, source, [...periods.keys()], exactLimit);
  for (const [p, entry] of periods) entry.medianSeconds = medians.byPeriod.get(p) ?? null;
  const unknown = rules.get(null);
  return {
    periods,
    moderators,
    rules,
    medianSeconds: medians.overall,
    measured,
    unknown: unknown ? unknown.approved + unknown.rejected + unknown.deleted : 0,
  };
}
