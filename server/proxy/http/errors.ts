import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Error codes of the console server's own refusals; the envelope is the chat API's. */
export type ConsoleErrorCode =
  | 'CONSOLE_BAD_REQUEST'
  | 'CONSOLE_NOT_FOUND'
  | 'CONSOLE_METHOD_NOT_ALLOWED'
  | 'CONSOLE_FORBIDDEN'
  | 'CONSOLE_CROSS_SITE_REQUEST'
  | 'CONSOLE_MISDIRECTED_REQUEST'
  | 'CONSOLE_PAYLOAD_TOO_LARGE'
  | 'CONSOLE_RATE_LIMITED'
  | 'CONSOLE_UNAUTHENTICATED'
  | 'CONSOLE_INVALID_CREDENTIALS'
  | 'CONSOLE_LOGIN_THROTTLED'
  | 'CONSOLE_PASSWORD_CHANGE_REQUIRED'
  | 'CONSOLE_METRICS_UNAUTHORIZED'
  | 'CONSOLE_NOT_READY'
  | 'CONSOLE_PASSWORD_SIGN_IN_OFF'
  | 'CONSOLE_CONFLICT'
  | 'CONSOLE_ALREADY_DECIDED'
  | 'CONSOLE_IDEMPOTENCY_KEY_REUSED'
  | 'CONSOLE_IDEMPOTENCY_IN_FLIGHT'
  | 'CONSOLE_CLAIMED'
  | 'CONSOLE_BUSY'
  | 'CONSOLE_SHUTTING_DOWN'
  | 'CONSOLE_AUDIT_UNAVAILABLE'
  | 'CONSOLE_STORE_UNAVAILABLE'
  | 'CONSOLE_UPSTREAM_CREDENTIALS'
  | 'CONSOLE_UPSTREAM_TIMEOUT'
  | 'CONSOLE_UPSTREAM_UNREACHABLE'
  | 'CONSOLE_UPSTREAM_BAD_RESPONSE'
  | 'CONSOLE_INTERNAL';

/** Field errors are lists of messages; a few details are one word (`outcome` of a failed forward). */
export type ErrorDetails = Record<string, string[] | string>;

export const errorBody = (code: ConsoleErrorCode, message: string, details?: ErrorDetails) => ({
  error: details ? { message, code, details } : { message, code },
});

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: ConsoleErrorCode,
  message: string,
  opts: { details?: ErrorDetails; headers?: Record<string, string> } = {},
): Response {
  for (const [name, value] of Object.entries(opts.headers ?? {})) c.header(name, value);
  return c.json(errorBody(code, message, opts.details), status);
}
