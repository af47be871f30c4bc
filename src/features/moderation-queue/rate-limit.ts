import { ApiError } from '@/api/http';

/** Longest wait we honour from `Retry-After` before giving the decision back to the operator. */
const maxWaitSeconds = 60;

export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** Seconds to wait after a 429: the service's `Retry-After`, capped, 5 s when it sent none. */
export function rateLimitWait(error: ApiError): number {
  return Math.min(error.retryAfter ?? 5, maxWaitSeconds);
}

/** Retries a 429 up to three times after the wait the service asked for; other failures as the app does. */
export function retryRateLimited(failureCount: number, error: Error): boolean {
  if (isRateLimited(error)) return failureCount < 3;
  return failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

export function rateLimitRetryDelay(_failureCount: number, error: Error): number {
  return isRateLimited(error) ? rateLimitWait(error) * 1000 : 1000;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
