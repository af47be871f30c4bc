import type { Logger } from 'pino';
import { errorBody } from '../http/errors';
import type { UpstreamResponse } from './forward';
import { carriesKey } from './key-leak';

const seconds = /^\d{1,12}$/;
const httpDate = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Upstream headers the browser may see, the ones the service documents (chat-api-facts.md, rate
 * limits), each with the only values it documents; every other header (Set-Cookie, hop-by-hop,
 * CORS) and any other value is dropped.
 */
const passedHeaders: Record<string, RegExp> = {
  'retry-after': new RegExp(`${seconds.source}|${httpDate.source}`),
  'x-rate-limit': seconds,
  'x-rate-limit-remaining': seconds,
  'x-rate-limit-reset': seconds,
  'x-ratelimit-limit': seconds,
  'x-ratelimit-remaining': seconds,
  'x-ratelimit-reset': seconds,
};
const passedHeaderList = Object.entries(passedHeaders);
const jsonType = /^application\/json(\s*;\s*charset=[A-Za-z0-9_-]{1,20})?$/i;

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

/** The bytes as text, one character each, without copying them first. */
const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

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
 * become a generic 502 with the upstream body only logged, unless it carries the key; an answer
 * that would echo the key, in its body or a passed header, in any case or encoding (see
 * carriesKey), is never passed on; other errors pass through with their status and chat error body.
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
    const masked = Buffer.from(res.body)
      .toString('utf8')
      .slice(0, 2000)
      .split(apiKey)
      .join('[redacted]');
    // The key in another case or encoding cannot be masked reliably: the body is left out.
    const text = carriesKey(masked, apiKey) ? '[withheld: it carries the key]' : masked;
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
  const headers = clientHeaders(res);
  if (
    carriesKey(latin1(res.body), apiKey) ||
    Object.values(headers).some((value) => carriesKey(value, apiKey))
  ) {
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
  return { status: res.status, headers, body: res.body };
}

/** The headers the browser gets: a JSON content type or plain text, and the documented ones. */
function clientHeaders(res: UpstreamResponse): Record<string, string> {
  const type = single(res.headers['content-type']);
  const headers: Record<string, string> = {
    'content-type': type && jsonType.test(type) ? type : 'text/plain; charset=utf-8',
  };
  for (const [name, allowed] of passedHeaderList) {
    const value = single(res.headers[name]);
    if (value !== undefined && allowed.test(value)) headers[name] = value;
  }
  return headers;
}
