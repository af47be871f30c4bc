import type { Logger } from 'pino';
import { errorBody } from '../http/errors';
import type { UpstreamResponse } from './forward';

/** Upstream headers the browser may see; every other one (Set-Cookie, hop-by-hop, CORS) is dropped. */
const passedHeaders = [
  'retry-after',
  'x-rate-limit',
  'x-rate-limit-limit',
  'x-rate-limit-remaining',
  'x-rate-limit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

export interface ClientResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string;
  /** Set when the upstream answer was replaced by a console error. */
  replaced?: 'credentials' | 'key-echo' | 'bad-status';
}

function single(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^[\x20-\x7e]{0,128}$/.test(text) ? text : undefined;
}

/** `error.code` of the chat API's error envelope, when the body is one. */
export function chatErrorCode(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || !('error' in json)) return undefined;
  const error: unknown = json.error;
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : undefined;
}

function errorCodeOf(body: Uint8Array): string | undefined {
  try {
    return chatErrorCode(JSON.parse(Buffer.from(body).toString('utf8')));
  } catch {
    // Not JSON: no code.
    return undefined;
  }
}

const replacement = (
  status: number,
  body: ReturnType<typeof errorBody>,
  replaced: ClientResponse['replaced'],
): ClientResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  replaced,
});

/**
 * Turns an upstream answer into what the browser gets. Key problems (401, or any `AUTH_ERR_*`)
 * become a generic 502 with the upstream body only logged, minus the key; an answer that would
 * echo the key is never passed on; other errors pass through with their status and chat error body.
 */
export function toClientResponse(
  res: UpstreamResponse,
  apiKey: string,
  logger: Logger,
  reqId: string,
): ClientResponse {
  const code = res.status >= 400 ? errorCodeOf(res.body) : undefined;
  if (
    res.status === 401 ||
    (res.status === 403 && code === undefined) ||
    code?.startsWith('AUTH_ERR_')
  ) {
    const text = Buffer.from(res.body)
      .toString('utf8')
      .slice(0, 2000)
      .split(apiKey)
      .join('[redacted]');
    logger.error(
      { reqId, upstreamStatus: res.status, upstreamBody: text },
      'upstream rejected the API key',
    );
    return replacement(
      502,
      // The service refused the call: nothing was applied.
      errorBody('CONSOLE_UPSTREAM_CREDENTIALS', 'upstream credentials rejected', {
        outcome: 'failed',
      }),
      'credentials',
    );
  }
  if (apiKey.length > 0 && Buffer.from(res.body).includes(apiKey)) {
    logger.error(
      { reqId, upstreamStatus: res.status },
      'upstream response contained the API key; withheld',
    );
    return replacement(
      502,
      // The service answered, but not in a way the browser may see: it may have applied the call.
      errorBody('CONSOLE_UPSTREAM_BAD_RESPONSE', 'unexpected response from the chat service', {
        outcome: 'unknown',
      }),
      'key-echo',
    );
  }
  if (res.status < 200 || (res.status >= 300 && res.status < 400) || res.status > 599) {
    // Redirects are never followed nor passed on: the upstream is a fixed API, not a website.
    logger.error({ reqId, upstreamStatus: res.status }, 'unexpected upstream status');
    return replacement(
      502,
      // The service answered, but not in a way the browser may see: it may have applied the call.
      errorBody('CONSOLE_UPSTREAM_BAD_RESPONSE', 'unexpected response from the chat service', {
        outcome: 'unknown',
      }),
      'bad-status',
    );
  }
  const headers: Record<string, string> = {};
  const type = single(res.headers['content-type']);
  headers['content-type'] =
    type && /^application\/json\b/i.test(type) ? type : 'text/plain; charset=utf-8';
  for (const name of passedHeaders) {
    const value = single(res.headers[name]);
    if (value !== undefined) headers[name] = value;
  }
  return { status: res.status, headers, body: res.body };
}
