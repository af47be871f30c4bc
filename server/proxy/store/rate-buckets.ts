import { sql } from 'kysely';
import {
  createRateLimiter,
  defaultRateLimit,
  type RateLimiter,
  type RateLimitOptions,
  type TakenWithVersion,
} from '../api/rate-limit';
import { authVersionColumn } from './auth-version-migration';
import type { ConsoleStore } from './store';

/**
 * The per-operator rate limit's token buckets in the store, so replicas on one PostgreSQL store
 * share one budget per operator (decision 0019). One statement refills, takes and answers, so two
 * replicas taking at once cannot both spend the last token. On SQLite the console is one process
 * and keeps its buckets in memory (`createRateLimiter`): a write per forwarded call would cost a
 * disk sync each.
 */
export function createStoreRateLimiter(store: ConsoleStore, opts: RateLimitOptions) {
  // Seconds to refill an empty bucket: a bucket untouched that long is full, the same as none.
  const fullAfterMs = Math.ceil((opts.burst / opts.perSecond) * 1000);
  let takes = 0;

  return {
    /** Takes a token; resolves to the seconds to wait when there is none. */
    async take(key: string, now: number): Promise<number | undefined> {
      return (await this.takeReadingAuthVersion(key, now)).wait;
    },
    /** `take`, with the store's auth version read by the same statement (one round trip). */
    async takeReadingAuthVersion(key: string, now: number): Promise<TakenWithVersion> {
      const elapsed = sql<number>`(CAST(${now} AS bigint) - rate_buckets.at) / 1000.0`;
      const refilled = sql<number>`CASE
        WHEN rate_buckets.tokens + ${elapsed} * ${opts.perSecond} > ${opts.burst} THEN ${opts.burst}
        ELSE rate_buckets.tokens + ${elapsed} * ${opts.perSecond} END`;
      const row = await store.db
        .insertInto('rate_buckets')
        .values({ key, tokens: opts.burst - 1, at: now, granted: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            tokens: sql`CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END`,
            granted: sql`CASE WHEN ${refilled} >= 1 THEN 1 ELSE 0 END`,
            at: now,
          }),
        )
        .returning(['tokens', 'granted', authVersionColumn(store.engine)])
        .executeTakeFirstOrThrow();
      if (++takes % 1000 === 0) await this.prune(now);
      const wait =
        row.granted === 1 ? undefined : Math.max(1, Math.ceil((1 - row.tokens) / opts.perSecond));
      return { wait, authVersion: row.auth_version };
    },
    /** Forgets full buckets, which behave exactly like absent ones. */
    async prune(now: number): Promise<void> {
      await store.db
        .deleteFrom('rate_buckets')
        .where('at', '<', now - fullAfterMs)
        .execute();
    },
  };
}

const processBuckets = new WeakMap<ConsoleStore, RateLimiter>();

/**
 * The per-operator rate limit of the console servers on `store`: rows in a PostgreSQL store, shared
 * by its replicas; in memory on SQLite, shared by every server of this process on that store (the
 * only process a SQLite store has).
 */
export function rateLimiterFor(
  store: ConsoleStore,
  opts: RateLimitOptions = defaultRateLimit,
): RateLimiter {
  if (store.engine === 'postgres') return createStoreRateLimiter(store, opts);
  let limiter = processBuckets.get(store);
  if (!limiter) {
    limiter = createRateLimiter(opts);
    processBuckets.set(store, limiter);
  }
  return limiter;
}
