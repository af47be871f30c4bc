import type { ConsoleStore } from '../store/store';
import { waitSeconds, type rangeParts } from './decision-class';

/**
 * The times to decision of a range: per period, how many of the kept totals fall in each wait
 * bucket, and the decisions read one by one (the range's ends, late repeats) with their waits.
 */
export interface WaitSource {
  histogram: Map<number, Map<number, number>>;
  extra: Map<number, { bucket: number; seconds: number }[]>;
}

const median = (low: number, high: number) => Math.round((low + high) / 2);

/**
 * The median time to decision in seconds of one period (or of the whole range), exactly as a sort
 * of every wait would give it: the buckets' counts say which bucket holds the middle values, and
 * only that bucket's decisions are read.
 */
export async function medianOf(
  store: ConsoleStore,
  parts: ReturnType<typeof rangeParts>,
  bucketMs: number,
  source: WaitSource,
  period: number | undefined,
): Promise<number | null> {
  const counts = new Map<number, number>();
  const extras: { bucket: number; seconds: number }[] = [];
  for (const [p, histogram] of source.histogram) {
    if (period !== undefined && p !== period) continue;
    for (const [bucket, n] of histogram) counts.set(bucket, (counts.get(bucket) ?? 0) + n);
  }
  for (const [p, extra] of source.extra) {
    if (period !== undefined && p !== period) continue;
    for (const one of extra) {
      extras.push(one);
      counts.set(one.bucket, (counts.get(one.bucket) ?? 0) + 1);
    }
  }
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total === 0) return null;
  const low = Math.floor((total - 1) / 2);
  const high = total % 2 === 0 ? low + 1 : low;
  const lowValue = await valueAt(low);
  return median(lowValue, high === low ? lowValue : await valueAt(high));

  async function valueAt(rank: number): Promise<number> {
    let before = 0;
    for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
      const n = counts.get(bucket) ?? 0;
      if (rank < before + n) {
        const values = await bucketValues(bucket);
        return values[rank - before] ?? 0;
      }
      before += n;
    }
    return 0;
  }

  async function bucketValues(bucket: number): Promise<number[]> {
    const values = extras.filter((one) => one.bucket === bucket).map((one) => one.seconds);
    let start = parts.hStart;
    let end = parts.hEnd;
    if (period !== undefined) {
      start = Math.max(start, period * bucketMs);
      end = Math.min(end, (period + 1) * bucketMs);
    }
    if (start < end) {
      const rows = await store.db
        .selectFrom('insight_decisions')
        .select(['at', 'sent_at'])
        .where('wait_bucket', '=', bucket)
        .where('at', '>=', start)
        .where('at', '<', end)
        .where('class', '=', 'first')
        .execute();
      for (const row of rows)
        if (row.sent_at !== null) values.push(waitSeconds(row.at, row.sent_at));
    }
    return values.sort((a, b) => a - b);
  }
}
