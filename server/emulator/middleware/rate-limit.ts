import type { MiddlewareHandler } from 'hono';
import { ChatApiError } from '../http-errors';

/** What the headers report when no limit is enforced: the service's standard-operations limit. */
export const nominalRateLimit = 20_000;

/**
 * Fixed one-minute window for the whole app. Every response carries `X-Rate-Limit` and
 * `X-Rate-Limit-Remaining`; with a limit configured, calls past it get 429 `ERR_TOO_MANY_REQUESTS`
 * with `Retry-After` (seconds) and `X-Rate-Limit-Reset` (Unix seconds).
 */
export function rateLimit(opts: { perMinute?: number; nowMs: () => number }): MiddlewareHandler {
  const limit = opts.perMinute ?? nominalRateLimit;
  let window = -1;
  let used = 0;
  return async (c, next) => {
    const now = opts.nowMs();
    const current = Math.floor(now / 60_000);
    if (current !== window) {
      window = current;
      used = 0;
    }
    used += 1;
    const remaining = Math.max(0, limit - used);
    if (opts.perMinute !== undefined && used > limit) {
      const resetMs = (window + 1) * 60_000;
      throw new ChatApiError(
        429,
        'ERR_TOO_MANY_REQUESTS',
        'Too many requests. Please retry after some time.',
        undefined,
        {
          'X-Rate-Limit': String(limit),
          'X-Rate-Limit-Remaining': '0',
          'Retry-After': String(Math.max(1, Math.ceil((resetMs - now) / 1000))),
          'X-Rate-Limit-Reset': String(Math.floor(resetMs / 1000)),
        },
      );
    }
    await next();
    c.header('X-Rate-Limit', String(limit));
    c.header('X-Rate-Limit-Remaining', String(remaining));
  };
}
