import { ApiError } from './api-error';

/**
 * The one retry policy of the console. A 429 means "ask again later": wait what the server said in
 * `Retry-After` (capped, so a bad header never freezes a page) or one default when it said nothing.
 * Network failures and 5xx are glitches worth one more try; any other answer is final.
 */
export const rateLimitDefaultWaitSeconds = 5;
/** The longest wait honoured from `Retry-After` before the decision goes back to the operator. */
export const rateLimitMaxWaitSeconds = 60;
/** How many times a rate-limited read is sent again before its page shows the error. */
export const rateLimitMaxRetries = 3;
/** Pause before the one retry of a network failure or 5xx. */
const glitchWaitSeconds = 1;

export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** A network failure (status 0) or a server error: possibly gone on the next try. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** Seconds to wait before sending again: the server's `Retry-After` when it sent one (capped), else the default. */
export function retryWaitSeconds(error: unknown): number {
  const fallback = isRateLimited(error) ? rateLimitDefaultWaitSeconds : glitchWaitSeconds;
  const asked = error instanceof ApiError ? error.retryAfter : undefined;
  return Math.min(asked ?? fallback, rateLimitMaxWaitSeconds);
}

/** `retryWaitSeconds` in milliseconds, the unit timers and TanStack Query's `retryDelay` use. */
export function retryDelayFor(error: unknown): number {
  return retryWaitSeconds(error) * 1000;
}

/**
 * Whether a failed read is sent again (`failureCount` failures so far). `transient: false` leaves
 * network failures and 5xx to the page at once while still waiting out a 429.
 */
export function shouldRetryQuery(
  failureCount: number,
  error: unknown,
  options: { transient?: boolean } = {},
): boolean {
  if (isRateLimited(error)) return failureCount < rateLimitMaxRetries;
  return options.transient !== false && isTransient(error) && failureCount < 1;
}
