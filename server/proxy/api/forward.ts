import { Pool } from 'undici';

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute URL below the configured base, already canonical. */
  url: string;
  /** The complete header set to send; nothing from the browser is added later. */
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array<ArrayBuffer>;
}

export type ForwardFn = (req: UpstreamRequest) => Promise<UpstreamResponse>;

/**
 * `unreachable`: nothing was sent (connection refused, DNS, TLS, connect timeout), so nothing can
 * have been applied. `timeout`, `interrupted` (the connection broke once the request may have been
 * sent) and `too-large`: the service may have applied the call. `aborted`: the client left (reads).
 */
export type UpstreamFailureKind =
  'timeout' | 'unreachable' | 'interrupted' | 'too-large' | 'aborted';

/** Why no usable upstream response exists; the proxy maps it to 504, 502 or 499. */
export class UpstreamFailure extends Error {
  readonly kind: UpstreamFailureKind;
  constructor(kind: UpstreamFailureKind, message: string) {
    super(message);
    this.name = 'UpstreamFailure';
    this.kind = kind;
  }
}

export interface UpstreamTimeouts {
  connectMs: number;
  headersMs: number;
  /** The longest gap between two body chunks. */
  bodyMs: number;
  /** The whole exchange, retry included: a body trickling in under `bodyMs` still ends here. */
  totalMs?: number;
}

export const defaultTimeouts: UpstreamTimeouts = {
  connectMs: 5_000,
  headersMs: 10_000,
  bodyMs: 30_000,
  totalMs: 30_000,
};
export const maxResponseBytes = 10 * 1024 * 1024;

const timeoutCodes = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
// Failures of name resolution, connection or TLS handshake: they happen before undici writes a byte
// of the request. Anything else (ECONNRESET, EPIPE, UND_ERR_SOCKET…) may come after the request was
// written, so it cannot promise that nothing was applied.
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'HOSTNAME_MISMATCH',
]);
const isNotSent = (code: string) =>
  notSentCodes.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_');
const tooLargeCode = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';
// Failures where no response byte can have arrived, so a GET may be sent once more.
const retriableCodes = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  if ('cause' in error) return errorCode(error.cause);
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  return undefined;
}

function classify(
  error: unknown,
  signal: AbortSignal | undefined,
  deadline?: { readonly aborted: boolean },
): UpstreamFailure {
  if (error instanceof UpstreamFailure) return error;
  if (signal?.aborted) return new UpstreamFailure('aborted', 'the client went away');
  if (deadline?.aborted) return new UpstreamFailure('timeout', 'deadline');
  const code = errorCode(error) ?? 'unknown';
  if (timeoutCodes.has(code)) return new UpstreamFailure('timeout', code);
  if (code === tooLargeCode)
    return new UpstreamFailure('too-large', `response over ${maxResponseBytes} bytes`);
  return new UpstreamFailure(isNotSent(code) ? 'unreachable' : 'interrupted', code);
}

/** Once the answer had begun the request was surely sent: a broken answer is never `unreachable`. */
const answerBroke = (failure: UpstreamFailure) =>
  failure.kind === 'unreachable' ? new UpstreamFailure('interrupted', failure.message) : failure;

/** Set on an error once the upstream's answer had begun: from then on nothing may be sent again. */
class AnswerStarted extends Error {
  constructor(readonly original: unknown) {
    super('the answer had begun');
  }
}

/**
 * One exchange's signal: aborted when the client's is, or when the deadline passes (`deadline`
 * then reads aborted). One controller and one timer, both released by `end`: the platform's
 * `AbortSignal.timeout` and `AbortSignal.any` made two more signals per call, a few percent of the
 * console's time per proxied read.
 */
function exchangeSignal(client: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  const deadline = { aborted: false };
  const timer = setTimeout(() => {
    deadline.aborted = true;
    controller.abort(new UpstreamFailure('timeout', 'deadline'));
  }, ms);
  const follow = () => controller.abort(client?.reason);
  if (client?.aborted) follow();
  else client?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    deadline,
    end() {
      clearTimeout(timer);
      client?.removeEventListener('abort', follow);
    },
  };
}

/**
 * The production forwarder: one keep-alive undici Pool (at most 16 connections) to the fixed
 * upstream origin, explicit timeouts plus one overall deadline per exchange, redirects never
 * followed, and no retry except a single one for a GET whose connection failed before any byte of
 * the answer arrived.
 */
export function createPoolForward(baseUrl: string, timeouts: UpstreamTimeouts = defaultTimeouts) {
  const origin = new URL(baseUrl).origin;
  const pool = new Pool(origin, {
    connections: 16,
    pipelining: 1,
    connectTimeout: timeouts.connectMs,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: 10_000,
    // undici stops reading past the cap and fails the request (UND_ERR_RES_EXCEEDED_MAX_SIZE).
    maxResponseSize: maxResponseBytes,
  });

  const once = async (req: UpstreamRequest, signal: AbortSignal): Promise<UpstreamResponse> => {
    const url = new URL(req.url);
    if (url.origin !== origin)
      throw new UpstreamFailure('unreachable', 'request outside the upstream origin');
    const res = await pool.request({
      path: url.pathname + url.search,
      method: req.method,
      headers: req.headers,
      body: req.body ?? null,
      signal,
    });
    try {
      return {
        status: res.statusCode,
        headers: res.headers,
        body: new Uint8Array(await res.body.arrayBuffer()),
      };
    } catch (error) {
      throw new AnswerStarted(error);
    }
  };

  const forward: ForwardFn = async (req) => {
    const exchange = exchangeSignal(
      req.signal,
      timeouts.totalMs ?? defaultTimeouts.totalMs ?? 30_000,
    );
    const { signal, deadline } = exchange;
    const fail = (error: unknown) =>
      error instanceof AnswerStarted
        ? answerBroke(classify(error.original, req.signal, deadline))
        : classify(error, req.signal, deadline);
    try {
      try {
        return await once(req, signal);
      } catch (error) {
        const retriable =
          req.method === 'GET' &&
          !(error instanceof AnswerStarted) &&
          retriableCodes.has(errorCode(error) ?? '') &&
          !signal.aborted;
        if (!retriable) throw fail(error);
      }
      try {
        return await once(req, signal);
      } catch (error) {
        throw fail(error);
      }
    } finally {
      exchange.end();
    }
  };

  return { forward, close: () => pool.close() };
}

/**
 * A forwarder to an in-process fetch handler, such as the emulator's `app.request`; for tests and
 * in-process wiring. A thrown handler error reads as an interrupted exchange (the handler ran).
 */
export function fetchHandlerForward(
  handler: (req: Request) => Response | Promise<Response>,
): ForwardFn {
  return async (req) => {
    let res: Response;
    try {
      res = await handler(
        new Request(req.url, { method: req.method, headers: req.headers, body: req.body ?? null }),
      );
    } catch (error) {
      throw classify(error, req.signal);
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength > maxResponseBytes)
      throw new UpstreamFailure('too-large', 'response too large');
    return { status: res.status, headers, body };
  };
}
