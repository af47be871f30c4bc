export interface RateLimitOptions {
  perSecond: number;
  burst: number;
}

export const defaultRateLimit: RateLimitOptions = { perSecond: 20, burst: 40 };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets keyed by session. Keyed on the session rather than the address because on loopback
 * every browser is 127.0.0.1; it protects the chat service's quota more than this server.
 */
export function createRateLimiter(opts: RateLimitOptions = defaultRateLimit) {
  const buckets = new Map<string, Bucket>();

  return {
    /** Takes a token; returns the seconds to wait when there is none. */
    take(key: string, now: number): number | undefined {
      const bucket = buckets.get(key) ?? { tokens: opts.burst, at: now };
      const refilled = Math.min(
        opts.burst,
        bucket.tokens + ((now - bucket.at) / 1000) * opts.perSecond,
      );
      if (refilled < 1) {
        buckets.set(key, { tokens: refilled, at: now });
        return Math.max(1, Math.ceil((1 - refilled) / opts.perSecond));
      }
      buckets.set(key, { tokens: refilled - 1, at: now });
      if (buckets.size > 10_000) this.prune(now);
      return undefined;
    },
    /** Forgets full buckets, which behave exactly like absent ones. */
    prune(now: number) {
      for (const [key, bucket] of buckets) {
        if (bucket.tokens + ((now - bucket.at) / 1000) * opts.perSecond >= opts.burst)
          buckets.delete(key);
      }
    },
  };
}

/**
 * The per-operator rate limit: in memory for one process, or in the store for replicas sharing
 * PostgreSQL (`createStoreRateLimiter`, decision 0019).
 */
export interface RateLimiter {
  /** Takes a token; the seconds to wait when there is none. */
  take(key: string, now: number): number | undefined | Promise<number | undefined>;
  /**
   * PostgreSQL: the same, in a statement that also returns the store's auth version, by which a
   * remembered session is confirmed (decision 0045).
   */
  takeReadingAuthVersion?(key: string, now: number): Promise<TakenWithVersion>;
}

export interface TakenWithVersion {
  wait: number | undefined;
  authVersion: string | null;
}
