import { sql } from 'kysely';
import {
  createRateLimiter,
  defaultRateLimit,
  type RateLimiter,
  type RateLimitOptions,
  type TakenWithVersion,
} from '../api/rate-limit';
import { authVersionColumn } from './auth-version-migration';
import { reusableQuery, type ConsoleStore } from './store';

/** How often a replica settles what it granted with the shared buckets, at most. */
export const settleEveryMs = 100;

/**
 * The per-operator rate limit of replicas sharing a PostgreSQL store: one budget per operator for
 * all of them (decision 0019), kept in memory and settled in batches (decision 0056). Each replica
 * grants from buckets of its own, as a single process does, and at most every `settleEveryMs`
 * writes what it granted to the shared row of each operator and lowers its own bucket to what is
 * left there: what the others spent reaches it within one period. So replicas together may grant
 * one period's worth beyond the budget, which the shared row then holds as a debt. A call runs no
 * statement while the store's listener vouches for the auth version (decision 0065), by which a
 * remembered session is confirmed (decision 0045); else one, the version's read (no write).
 */
export function createStoreRateLimiter(
  store: ConsoleStore,
  opts: RateLimitOptions,
  clock: () => number = Date.now,
) {
  const settleMs = opts.settleMs ?? settleEveryMs;
  // Seconds to refill an empty bucket: a bucket untouched that long is full, the same as none.
  const fullAfterMs = Math.ceil((opts.burst / opts.perSecond) * 1000);
  const local = createRateLimiter(opts);
  /** Tokens granted since the last settlement, by key. */
  let granted = new Map<string, number>();
  /** When each key was last granted a token, on the console's clock (`now`). */
  const lastGrant = new Map<string, number>();
  let settling: ReturnType<typeof setTimeout> | undefined;
  let settlements = 0;
  // The rate and burst are this limiter's constants, written into the statement, so its text stays
  // the same from call to call and the statement is prepared once (reusableQuery).
  const burst = sql.lit(opts.burst);
  const elapsed = sql<number>`(excluded.at - rate_buckets.at) / 1000.0`;
  const refilled = sql<number>`CASE
    WHEN rate_buckets.tokens + ${elapsed} * ${sql.lit(opts.perSecond)} > ${burst} THEN ${burst}
    ELSE rate_buckets.tokens + ${elapsed} * ${sql.lit(opts.perSecond)} END`;
  // Refills the shared row to `now` and takes what was granted: `excluded.tokens` is the burst
  // less that count, so a new row starts there.
  const spend = reusableQuery((db, key: string, tokens: number, now: number) =>
    db
      .insertInto('rate_buckets')
      .values({ key, tokens, at: now, granted: sql<number>`1` })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          tokens: sql`${refilled} - (${burst} - excluded.tokens)`,
          at: sql`excluded.at`,
        }),
      )
      .returning('tokens'),
  );
  const versionQuery = reusableQuery((db) => db.selectNoFrom(authVersionColumn(store.engine)));
  const readVersion = freshRead(async () => (await versionQuery(store.db))[0]);

  return {
    /** Takes a token; resolves to the seconds to wait when there is none. */
    async take(key: string, now: number): Promise<number | undefined> {
      return (await this.takeReadingAuthVersion(key, now)).wait;
    },
    /**
     * `take`, with the store's auth version for the call: the one the listener vouches for, at
     * once, or one read (a round trip) when it cannot (decision 0065).
     */
    takeReadingAuthVersion(key: string, now: number): TakenWithVersion | Promise<TakenWithVersion> {
      const wait = local.take(key, now);
      if (wait === undefined) {
        granted.set(key, (granted.get(key) ?? 0) + 1);
        lastGrant.set(key, now);
        this.schedule();
      }
      // The version this replica's listener vouches for, else one read for the call.
      const known = store.authWatch?.known();
      if (known !== undefined) return { wait, authVersion: known };
      return readVersion().then((row) => ({ wait, authVersion: row?.auth_version ?? null }));
    },
    /** Settles within one period, unless a settlement is already due. */
    schedule() {
      if (settling) return;
      settling = setTimeout(() => {
        settling = undefined;
        this.settle(clock()).catch(() => undefined);
      }, settleMs);
      settling.unref();
    },
    /**
     * Writes what this replica granted since the last settlement to the shared rows and lowers its
     * own buckets to what is left there, for every operator it granted to within the time a bucket
     * takes to refill: so it also learns what the other replicas spent while it granted nothing.
     * Run by a timer while there are such operators. A failed write is not retried: a store that
     * cannot be written answers the calls' reads with the same failure.
     */
    async settle(now: number): Promise<void> {
      const batch = granted;
      granted = new Map();
      for (const [key, at] of lastGrant) {
        if (now - at > fullAfterMs) {
          lastGrant.delete(key);
          continue;
        }
        const [row] = await spend(store.db, key, opts.burst - (batch.get(key) ?? 0), now);
        if (row) local.lower(key, row.tokens, now);
      }
      if (++settlements % 1000 === 0) await this.prune(now);
      if (lastGrant.size > 0) this.schedule();
    },
    /** Forgets full shared buckets, which behave exactly like absent ones. */
    async prune(now: number): Promise<void> {
      await store.db
        .deleteFrom('rate_buckets')
        .where('at', '<', now - fullAfterMs)
        .execute();
    },
  };
}

/**
 * `read`, shared by the calls that wait for it: each call gets the answer of a read that began
 * after the call did, so it sees every commit made before it (as a read of its own would), but
 * calls that arrive while a read is under way share the one that starts next. Under load a replica
 * then reads the auth version once per round trip, not once per call.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = undefined;
    };
    current.then(done, done);
    return current;
  };
  return () => {
    if (!running) return start();
    // The read under way began before this call: the one after it serves every call meanwhile.
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
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
  now: () => number = Date.now,
): RateLimiter {
  if (store.engine === 'postgres') return createStoreRateLimiter(store, opts, now);
  let limiter = processBuckets.get(store);
  if (!limiter) {
    limiter = createRateLimiter(opts);
    processBuckets.set(store, limiter);
  }
  return limiter;
}
