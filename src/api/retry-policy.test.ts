import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { isRateLimited, retryDelayFor, retryWaitSeconds, shouldRetryQuery } from './retry-policy';

const failure = (status: number, retryAfter?: number) =>
  new ApiError({ status, code: `HTTP_${status}`, message: 'failed', retryAfter });
const network = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'unreachable' });

describe('the retry policy', () => {
  it('waits out a 429 for the Retry-After the server sent, up to three times', () => {
    const error = failure(429, 7);
    expect(isRateLimited(error)).toBe(true);
    expect(retryWaitSeconds(error)).toBe(7);
    expect(retryDelayFor(error)).toBe(7000);
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, error))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('waits the default after a 429 without Retry-After', () => {
    expect(retryWaitSeconds(failure(429))).toBe(5);
    expect(retryDelayFor(failure(429))).toBe(5000);
  });

  it('caps a very long Retry-After at a minute', () => {
    expect(retryWaitSeconds(failure(429, 3600))).toBe(60);
  });

  it('tries a 500 and a network failure once more, after a second', () => {
    for (const error of [failure(500), failure(503), network]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(false);
      expect(retryDelayFor(error)).toBe(1000);
    }
  });

  it('never retries any other client error or a non-API failure', () => {
    for (const error of [
      failure(404),
      failure(400),
      failure(401),
      failure(403),
      new Error('bug'),
    ]) {
      expect(shouldRetryQuery(0, error)).toBe(false);
    }
  });

  it('leaves glitches to the page when transient retries are off, still waiting out a 429', () => {
    expect(shouldRetryQuery(0, failure(500), { transient: false })).toBe(false);
    expect(shouldRetryQuery(0, network, { transient: false })).toBe(false);
    expect(shouldRetryQuery(0, failure(429), { transient: false })).toBe(true);
  });
});
