import { sql } from 'kysely';
import { z } from 'zod';
import type { ConsoleStore } from '../store/store';

/**
 * Samples of the blocked-messages queue, taken by the console's poll of the service: when (`at`, ms),
 * how many items were waiting and the `sentAt` (seconds, as the service gives it) of the oldest one.
 * The service keeps no history of its queue, so these samples are the only record of it over time.
 */
export interface QueueSample {
  at: number;
  size: number;
  oldestSentAt: number | null;
}

const dayMs = 24 * 60 * 60 * 1000;
/** Samples are kept a little longer than the longest insights range (30 days), then pruned. */
export const queueSampleRetentionMs = 31 * dayMs;

/** Records one sample and drops those past {@link queueSampleRetentionMs}; never throws on bad input. */
export async function recordQueueSample(
  store: ConsoleStore,
  sample: { at: number; size: number; oldestSentAt: number | null },
): Promise<void> {
  if (!Number.isFinite(sample.at) || !Number.isInteger(sample.size) || sample.size < 0) return;
  const oldest =
    sample.oldestSentAt !== null && Number.isFinite(sample.oldestSentAt)
      ? sample.oldestSentAt
      : null;
  const at = Math.round(sample.at);
  await store.db
    .insertInto('queue_samples')
    .values({ at, size: sample.size, oldest_sent_at: oldest })
    .execute();
  await store.db
    .deleteFrom('queue_samples')
    .where('at', '<', at - queueSampleRetentionMs)
    .execute();
}

const bucketRowSchema = z.object({
  bucket: z.number(),
  at: z.number(),
  size: z.number(),
  oldest_sent_at: z.number().nullable(),
  oldest_age: z.number().nullable(),
  samples: z.number(),
});

/** One point of the queue over time: the largest size and the oldest item seen within a bucket. */
export interface QueueSamplePoint {
  /** Start of the bucket, ms. */
  at: number;
  /** Largest queue size sampled in the bucket. */
  size: number;
  /** Oldest `sentAt` (seconds) sampled in the bucket, null when the queue was empty each time. */
  oldestSentAt: number | null;
  /** The oldest item's greatest age at a sample of the bucket, seconds. */
  oldestAgeSeconds: number | null;
  samples: number;
}

/**
 * Samples in `[from, to)` (ms), folded into buckets of `bucketMs` so a 30-day range reads a bounded
 * number of points whatever the poll interval (the `at` index bounds the rows scanned).
 */
export async function readQueueSamples(
  store: ConsoleStore,
  opts: { from: number; to: number; bucketMs: number },
): Promise<QueueSamplePoint[]> {
  const bucketMs = Math.max(1, Math.round(opts.bucketMs));
  // An integer literal, so both engines divide integers (a bound number is a REAL to SQLite).
  const bucket = sql<number>`${sql.ref('at')} / ${sql.lit(bucketMs)}`;
  const rows = await store.db
    .selectFrom('queue_samples')
    .select((eb) => [
      bucket.as('bucket'),
      eb.fn.min('at').as('at'),
      eb.fn.max('size').as('size'),
      eb.fn.min('oldest_sent_at').as('oldest_sent_at'),
      // Clamped at 0 below: SQLite's two-argument MAX is PostgreSQL's GREATEST.
      eb.fn
        .max(sql<number | null>`${sql.ref('at')} / 1000.0 - ${sql.ref('oldest_sent_at')}`)
        .as('oldest_age'),
      eb.fn.countAll().as('samples'),
    ])
    .where('at', '>=', opts.from)
    .where('at', '<', opts.to)
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
  return z
    .array(bucketRowSchema)
    .parse(rows)
    .map((row) => ({
      at: row.bucket * bucketMs,
      size: row.size,
      oldestSentAt: row.oldest_sent_at,
      oldestAgeSeconds: row.oldest_age === null ? null : Math.round(Math.max(0, row.oldest_age)),
      samples: row.samples,
    }));
}
