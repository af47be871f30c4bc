import { sql } from 'kysely';
import type { ConsoleStore } from '../store/store';
import { waitBucketBounds, waitSeconds, type rangeParts } from './decision-class';

/**
 * The times to decision of a range: per period, how many of the kept totals fall in each wait
 * bucket, and the decisions read one by one (the range's ends, late repeats) with their waits.
 */
export interface WaitSource {
  histogram: Map<number, Map<number, number>>;
  extra: Map<number, { bucket: number; seconds: number }[]>;
}

/**
 * A middle bucket holding at most this many decisions is read value by value, and its median is
 * exact; a fuller one is interpolated within the bucket (decision 0046).
 */
export const exactBucketLimit = 256;

type Parts = ReturnType<typeof rangeParts>;
/** A period index, or undefined for the whole range. */
type Scope = number | undefined;

const median = (low: number, high: number) => Math.round((low + high) / 2);

function countsOf(source: WaitSource, scope: Scope) {
  const counts = new Map<number, number>();
  const kept = new Map<number, number>();
  const extras: { bucket: number; seconds: number }[] = [];
  for (const [p, histogram] of source.histogram) {
    if (scope !== undefined && p !== scope) continue;
    for (const [bucket, n] of histogram) {
      counts.set(bucket, (counts.get(bucket) ?? 0) + n);
      kept.set(bucket, (kept.get(bucket) ?? 0) + n);
    }
  }
  for (const [p, extra] of source.extra) {
    if (scope !== undefined && p !== scope) continue;
    for (const one of extra) {
      extras.push(one);
      counts.set(one.bucket, (counts.get(one.bucket) ?? 0) + 1);
    }
  }
  return { counts, kept, extras };
}

/** The ranks of the middle values (one or two) as bucket and index within it, in wait order. */
function middles(counts: Map<number, number>): { bucket: number; index: number; n: number }[] {
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total === 0) return [];
  const low = Math.floor((total - 1) / 2);
  const ranks = total % 2 === 0 ? [low, low + 1] : [low];
  const found: { bucket: number; index: number; n: number }[] = [];
  for (const rank of ranks) {
    let before = 0;
    for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
      const n = counts.get(bucket) ?? 0;
      if (rank < before + n) {
        found.push({ bucket, index: rank - before, n });
        break;
      }
      before += n;
    }
  }
  return found;
}

/** The whole hours a scope's kept decisions lie in. */
function spanOf(parts: Parts, bucketMs: number, scope: Scope) {
  if (scope === undefined) return { start: parts.hStart, end: parts.hEnd };
  return {
    start: Math.max(parts.hStart, scope * bucketMs),
    end: Math.min(parts.hEnd, (scope + 1) * bucketMs),
  };
}

/**
 * The median time to decision in seconds of each period and of the whole range. The buckets'
 * counts say which bucket holds the middle values; a bucket of at most {@link exactBucketLimit}
 * decisions is read (one statement for every median), so its median is what a sort of every wait
 * gives; a fuller one places its values evenly across the bucket, about 6 % wide.
 */
export async function mediansOf(
  store: ConsoleStore,
  parts: Parts,
  bucketMs: number,
  source: WaitSource,
  periods: readonly number[],
  limit = exactBucketLimit,
): Promise<{ overall: number | null; byPeriod: Map<number, number | null> }> {
  const scopes: Scope[] = [undefined, ...periods];
  const plans = scopes.map((scope) => {
    const { counts, kept, extras } = countsOf(source, scope);
    return { scope, extras, kept, wanted: middles(counts) };
  });
  const arms: { bucket: number; start: number; end: number }[] = [];
  const armOf = new Map<string, number>();
  for (const plan of plans) {
    for (const one of plan.wanted) {
      if (one.n > limit || (plan.kept.get(one.bucket) ?? 0) === 0) continue;
      const { start, end } = spanOf(parts, bucketMs, plan.scope);
      const key = `${one.bucket}:${start}:${end}`;
      if (start >= end || armOf.has(key)) continue;
      armOf.set(key, arms.length);
      arms.push({ bucket: one.bucket, start, end });
    }
  }
  const read = new Map<number, number[]>();
  if (arms.length > 0) {
    const arm = (i: number) => {
      const { bucket, start, end } = arms[i] ?? { bucket: 0, start: 0, end: 0 };
      return store.db
        .selectFrom('insight_decisions')
        .select(['at', 'sent_at', sql<number>`${sql.lit(i)}`.as('arm')])
        .where('wait_bucket', '=', bucket)
        .where('at', '>=', start)
        .where('at', '<', end)
        .where('class', '=', 'first');
    };
    let query = arm(0);
    for (let i = 1; i < arms.length; i++) query = query.unionAll(arm(i));
    for (const row of await query.execute()) {
      if (row.sent_at === null) continue;
      const list = read.get(Number(row.arm)) ?? [];
      list.push(waitSeconds(row.at, row.sent_at));
      read.set(Number(row.arm), list);
    }
  }

  const valueOf = (
    plan: (typeof plans)[number],
    one: { bucket: number; index: number; n: number },
  ) => {
    const { start, end } = spanOf(parts, bucketMs, plan.scope);
    const armIndex = armOf.get(`${one.bucket}:${start}:${end}`);
    if (one.n <= limit) {
      const values = [
        ...(armIndex === undefined ? [] : (read.get(armIndex) ?? [])),
        ...plan.extras.filter((extra) => extra.bucket === one.bucket).map((x) => x.seconds),
      ].sort((a, b) => a - b);
      return values[one.index] ?? 0;
    }
    const { low, high } = waitBucketBounds(one.bucket);
    return low + ((high - low) * (one.index + 0.5)) / one.n;
  };
  const results = plans.map((plan) => {
    const [lowRank, highRank] = plan.wanted;
    if (!lowRank) return null;
    const low = valueOf(plan, lowRank);
    return median(low, highRank ? valueOf(plan, highRank) : low);
  });
  const byPeriod = new Map<number, number | null>();
  periods.forEach((p, i) => byPeriod.set(p, results[i + 1] ?? null));
  return { overall: results[0] ?? null, byPeriod };
}
