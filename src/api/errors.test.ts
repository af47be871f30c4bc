import { describe, expect, it } from 'vitest';
import { describeError } from './errors';
import { ApiError } from './http';

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
