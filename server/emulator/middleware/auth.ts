import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ChatApiError } from '../http-errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `apikey` header (any case) must equal the configured key; compared in constant time. */
export function apiKeyAuth(apiKey: string): MiddlewareHandler {
  const expected = digest(apiKey);
  return async (c, next) => {
    const given = c.req.header('apikey');
    if (given === undefined || given.trim() === '') {
      throw new ChatApiError(
        401,
        'AUTH_ERR_EMPTY_APIKEY',
        'The apikey header is missing or empty.',
      );
    }
    if (!timingSafeEqual(digest(given), expected)) {
      // The given key is not echoed: it could be a real secret pasted by mistake.
      throw new ChatApiError(
        401,
        'AUTH_ERR_APIKEY_NOT_FOUND',
        'The API key provided is not valid for this app.',
      );
    }
    await next();
  };
}
