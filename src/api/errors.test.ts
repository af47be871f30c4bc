import { describe, expect, it } from 'vitest';
import { describeError, mayHaveBeenApplied } from './errors';
import { ApiError } from './api-error';

describe('describeError', () => {
  it('shows a 429 as rate limited with the wait', () => {
    expect(
      describeError(
        new ApiError({ status: 429, code: 'ERR_TOO_MANY_REQUESTS', message: 'x', retryAfter: 15 }),
      ),
    ).toBe('Rate limited, retry in 15 s.');
  });

  it('puts known codes in plain words and keeps the service message and code', () => {
    const text = describeError(
      new ApiError({
        status: 404,
        code: 'ERR_UID_NOT_FOUND',
        message: 'The UID bob does not exist.',
      }),
    );
    expect(text).toBe(
      'That user does not exist or has been deactivated. (ERR_UID_NOT_FOUND: The UID bob does not exist.)',
    );
  });

  it('falls back to the service message for unknown codes', () => {
    expect(
      describeError(
        new ApiError({ status: 400, code: 'ERR_NEW_THING', message: 'Something new.' }),
      ),
    ).toBe('Something new. (ERR_NEW_THING)');
  });
});

describe('mayHaveBeenApplied', () => {
  const error = (status: number, code: string, outcome?: 'failed' | 'unknown') =>
    new ApiError({ status, code, message: 'x', outcome });

  it('is true when the call was sent without a definite answer', () => {
    expect(mayHaveBeenApplied(error(504, 'CONSOLE_UPSTREAM_TIMEOUT', 'unknown'))).toBe(true);
    expect(mayHaveBeenApplied(error(502, 'CONSOLE_UPSTREAM_BAD_RESPONSE', 'unknown'))).toBe(true);
    expect(mayHaveBeenApplied(error(500, 'ERR_INTERNAL'))).toBe(true);
    expect(mayHaveBeenApplied(error(0, 'NETWORK_ERROR'))).toBe(true);
  });

  it('is false when nothing was sent or the service refused', () => {
    expect(mayHaveBeenApplied(error(502, 'CONSOLE_UPSTREAM_UNREACHABLE', 'failed'))).toBe(false);
    expect(mayHaveBeenApplied(error(503, 'CONSOLE_AUDIT_UNAVAILABLE', 'failed'))).toBe(false);
    expect(mayHaveBeenApplied(error(404, 'ERR_BLOCKED_MESSAGE_NOT_FOUND'))).toBe(false);
    expect(mayHaveBeenApplied(error(403, 'CONSOLE_FORBIDDEN'))).toBe(false);
    expect(mayHaveBeenApplied(error(502, 'CONSOLE_UPSTREAM_CREDENTIALS'))).toBe(false);
    expect(mayHaveBeenApplied(new Error('boom'))).toBe(false);
  });
});
