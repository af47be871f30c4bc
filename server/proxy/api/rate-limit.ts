export interface RateLimitOptions {
  perSecond: number;
  burst: number;
  /** Replicas on PostgreSQL: how often each settles with the shared budget (default 100 ms). */
  settleMs?: number;
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
  /** The tokens of `key`'s bucket at `now`, refilled since it was last touched. */
  const tokensAt = (key: string, now: number) => {
    const bucket = buckets.get(key);
    if (!bucket) return opts.burst;
    return Math.min(opts.burst, bucket.tokens + ((now - bucket.at) / 1000) * opts.perSecond);
  };

  return {
    /** Takes a token; returns the seconds to wait when there is none. */
    take(key: string, now: number): number | undefined {
      const refilled = tokensAt(key, now);
      if (refilled < 1) {
        buckets.set(key, { tokens: refilled, at: now });
        return Math.max(1, Math.ceil((1 - refilled) / opts.perSecond));
      }
      buckets.set(key, { tokens: refilled - 1, at: now });
      if (buckets.size > 10_000) this.prune(now);
      return undefined;
    },
    /**
     * Lowers a bucket to `tokens` (below zero: a debt refilled before the next grant) when it holds
     * more; for buckets shared with other processes (`createStoreRateLimiter`).
     */
    lower(key: string, tokens: number, now: number) {
      buckets.set(key, { tokens: Math.min(tokensAt(key, now), tokens), at: now });
    },
    /** Forgets full buckets, which behave exactly like absent ones. */
    prune(now: number) {
      for (const key of buckets.keys()) {
        if (tokensAt(key, now) >= opts.burst) buckets.delete(key);
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
   * PostgreSQL: the same, with the store's auth version (held in memory or read, decision 0065), by
   * which a remembered session is confirmed (decision 0045).
   */
  takeReadingAuthVersion?(key: string, now: number): TakenWithVersion | Promise<TakenWithVersion>;
}

export interface TakenWithVersion {
  wait: number | undefined;
  authVersion: string | null;
}
