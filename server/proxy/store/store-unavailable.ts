import type { Context } from 'hono';
import { jsonError } from '../http/errors';

const codeOf = (error: object): string | undefined =>
  'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** Node's socket errors: the server is down, restarting or unreachable. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** pg's own words for a connection lost, refused or never made within its time. */
const connectionMessages =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed|Cannot use a pool after calling end|driver has already been destroyed|database connection is not open/i;

function isUnavailableCode(code: string): boolean {
  if (socketCodes.has(code)) return true;
  // PostgreSQL: connection exceptions (08), shutdown and restart (57P0x), out of disk, memory or
  // connections (53), the server's own I/O errors (58).
  if (/^(08|53|58)[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code)) return true;
  // SQLite: a full or failing disk, a file locked past the busy timeout, or made read-only.
  return /^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|NOMEM)/.test(code);
}

/**
 * Whether `error` says the console store cannot be used right now (a PostgreSQL restart, a
 * terminated backend, an unreachable server, a full disk), as opposed to a mistake in a query. Such
 * an error is a refusal of the request it touches, never a crash (decision 0019).
 */
export function isStoreUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = codeOf(e);
    if (code !== undefined && isUnavailableCode(code)) return true;
    if (e instanceof Error && connectionMessages.test(e.message)) return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/**
 * 503 for a request refused because the store failed under it. Everything that sends a write
 * upstream handles store failures after sending itself (the audit's `unknown`), so a request that
 * ends here sent nothing.
 */
export function storeUnavailableReply(c: Context): Response {
  return jsonError(
    c,
    503,
    'CONSOLE_STORE_UNAVAILABLE',
    'The console’s store cannot be reached right now, so nothing was sent. Try again in a moment.',
    { details: { outcome: 'failed' }, headers: { 'retry-after': '2' } },
  );
}
