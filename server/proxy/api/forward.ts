import { Pool, type Dispatcher } from 'undici';

/**
 * What ends an exchange from the client's side: the part of an AbortSignal the forwarder and the
 * upstream gate use. An AbortSignal is one; so is a Departure.
 */
export interface LeaveSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * A client's departure as a LeaveSignal, for the read path: a plain list of listeners, where an
 * AbortSignal's listeners cost microseconds each to add and remove (a fifth of a proxied read).
 * Listeners hear it once.
 */
export class Departure implements LeaveSignal {
  aborted = false;
  reason: unknown = undefined;
  #listeners: (() => void)[] = [];

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.#listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.#listeners.indexOf(listener);
    if (at >= 0) this.#listeners.splice(at, 1);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of this.#listeners.splice(0)) listener();
  }
}

/** A LeaveSignal as an AbortSignal, for a forwarder over `fetch`. */
export function asAbortSignal(signal: LeaveSignal): AbortSignal {
  if (signal instanceof AbortSignal) return signal;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute URL below the configured base, already canonical. */
  url: string;
  /** The complete header set to send; nothing from the browser is added later. */
  headers: Record<string, string>;
  body?: string;
  signal?: LeaveSignal | undefined;
  /** The catalogue name of the call (`users.list`), when its sender knows it: the metrics' label. */
  operation?: string;
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
/** The upstream pool's connections: the gate's shared ones and its burst ones (decision 0066). */
export const upstreamConnections = 32;

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
  signal: LeaveSignal | undefined,
  exchange?: { readonly timedOut: boolean },
): UpstreamFailure {
  if (error instanceof UpstreamFailure) return error;
  if (signal?.aborted) return new UpstreamFailure('aborted', 'the client went away');
  if (exchange?.timedOut) return new UpstreamFailure('timeout', 'deadline');
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
 * One exchange's way to be ended: when the client's signal aborts, or when the deadline passes
 * (`timedOut` then reads true). undici is handed no signal: the exchange aborts its dispatch
 * through the dispatch's own controller (`attach`). A signal handed to undici, with the platform's
 * `AbortSignal.timeout` and `AbortSignal.any` before it, cost a fifth of the console's time per
 * proxied read. A class, as is the dispatch's handler (GatheredAnswer): their methods are made
 * once, not as closures for each read.
 *
 * No getter: V8 gives an accessor of an object literal old-generation objects, and such a getter's
 * closure kept its exchange, with undici's controller, its request and the whole read, alive through
 * every young collection until the next full one (5 kB of each read promoted, over a tenth of the
 * console's CPU per read).
 */
class Exchange {
  timedOut = false;
  #reason: unknown = undefined;
  #controller: Dispatcher.DispatchController | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #client: LeaveSignal | undefined;
  readonly #follow: (() => void) | undefined;

  constructor(client: LeaveSignal | undefined, ms: number) {
    this.#client = client;
    this.#timer = setTimeout(passDeadline, ms, this);
    if (!client) return;
    if (client.aborted) this.end(client.reason ?? new Error('aborted'));
    else {
      // Set on the field, not a named constant: tsx keeps function names, with a property
      // definition for each named closure made.
      this.#follow = () => this.end(client.reason ?? new Error('aborted'));
      client.addEventListener('abort', this.#follow, { once: true });
    }
  }

  end(why: unknown) {
    this.#reason ??= why;
    this.#controller?.abort(asError(this.#reason));
  }

  ended() {
    return this.#reason !== undefined;
  }

  /** The current dispatch's controller: aborted at once when the exchange has ended. */
  attach(current: Dispatcher.DispatchController) {
    this.#controller = current;
    if (this.#reason !== undefined) current.abort(asError(this.#reason));
  }

  release() {
    clearTimeout(this.#timer);
    if (this.#follow) this.#client?.removeEventListener('abort', this.#follow);
  }
}

function passDeadline(exchange: Exchange) {
  exchange.timedOut = true;
  exchange.end(new UpstreamFailure('timeout', 'deadline'));
}

const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));

/** The handler of one dispatch: gathers the answer in memory and settles its forwarding with it. */
class GatheredAnswer implements Dispatcher.DispatchHandler {
  #status = 0;
  #headers: UpstreamResponse['headers'] = {};
  readonly #chunks: Buffer[] = [];

  constructor(readonly forwarding: Forwarding) {}

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.forwarding.exchange.attach(controller);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: UpstreamResponse['headers'],
  ) {
    // 1xx answers are informational: the answer is still to come.
    if (statusCode < 200) return;
    this.#status = statusCode;
    this.#headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer) {
    this.#chunks.push(chunk);
  }

  onResponseEnd() {
    const body = bodyOf(this.#chunks);
    this.forwarding.answered({ status: this.#status, headers: this.#headers, body });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error) {
    this.forwarding.failed(this.#status === 0 ? error : new AnswerStarted(error));
  }
}

/** The failure a forward ends with, from what its last try threw. */
const failureOf = (error: unknown, req: UpstreamRequest, exchange: Exchange) =>
  error instanceof AnswerStarted
    ? answerBroke(classify(error.original, req.signal, exchange))
    : classify(error, req.signal, exchange);

/**
 * One forwarded request, from its first dispatch to the promise its caller waits for, which the
 * dispatch's handler settles itself: the caller goes on one turn of the microtask queue after the
 * answer's end, not one per layer. A GET whose connection failed before any byte of the answer is
 * sent once more, from here.
 */
class Forwarding {
  #retried = false;
  /** Settled once: a dispatch that reports again after its end changes nothing. */
  #settled = false;

  constructor(
    readonly pool: Dispatcher,
    readonly req: UpstreamRequest,
    readonly request: Dispatcher.DispatchOptions,
    readonly exchange: Exchange,
    readonly resolve: (answer: UpstreamResponse) => void,
    readonly reject: (error: unknown) => void,
  ) {}

  send() {
    try {
      this.pool.dispatch(this.request, new GatheredAnswer(this));
    } catch (error) {
      this.failed(error);
    }
  }

  answered(answer: UpstreamResponse) {
    if (this.#settled) return;
    this.#settled = true;
    this.exchange.release();
    this.resolve(answer);
  }

  failed(error: unknown) {
    if (this.#settled) return;
    const retriable =
      !this.#retried &&
      this.req.method === 'GET' &&
      !(error instanceof AnswerStarted) &&
      retriableCodes.has(errorCode(error) ?? '') &&
      !this.exchange.ended();
    if (retriable) {
      this.#retried = true;
      // Sent again once undici is done with the failed dispatch.
      queueMicrotask(() => this.send());
      return;
    }
    this.#settled = true;
    this.exchange.release();
    this.reject(failureOf(error, this.req, this.exchange));
  }
}

/**
 * The production forwarder: one keep-alive undici Pool (the gate's shared and burst connections, 32)
 * to the fixed
 * upstream origin, explicit timeouts plus one overall deadline per exchange, redirects never
 * followed, and no retry except a single one for a GET whose connection failed before any byte of
 * the answer arrived. The answer is gathered in memory from undici's dispatch, with no stream.
 */
export function createPoolForward(baseUrl: string, timeouts: UpstreamTimeouts = defaultTimeouts) {
  const origin = new URL(baseUrl).origin;
  const pool = new Pool(origin, {
    connections: upstreamConnections,
    pipelining: 1,
    connectTimeout: timeouts.connectMs,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: 10_000,
    // undici stops reading past the cap and fails the request (UND_ERR_RES_EXCEEDED_MAX_SIZE).
    maxResponseSize: maxResponseBytes,
  });

  /**
   * The path and query of a URL on the upstream's origin, else undefined. Most URLs start with the
   * origin as the URL parser writes it, and are not parsed again; one written otherwise (`HTTP://`,
   * a default port) is.
   */
  const pathWithin = (url: string): string | undefined => {
    if (url.startsWith(`${origin}/`)) return url.slice(origin.length);
    try {
      const parsed = new URL(url);
      return parsed.origin === origin ? parsed.pathname + parsed.search : undefined;
    } catch {
      return undefined;
    }
  };

  const totalMs = timeouts.totalMs ?? defaultTimeouts.totalMs ?? 30_000;
  const forward: ForwardFn = (req) =>
    new Promise<UpstreamResponse>((resolve, reject) => {
      const path = pathWithin(req.url);
      if (path === undefined) {
        reject(new UpstreamFailure('unreachable', 'request outside the upstream origin'));
        return;
      }
      const request = { path, method: req.method, headers: req.headers, body: req.body ?? null };
      const exchange = new Exchange(req.signal, totalMs);
      new Forwarding(pool, req, request, exchange, resolve, reject).send();
    });

  return { forward, close: () => pool.close() };
}

/** The answer's bytes in one buffer of their own. */
function bodyOf(chunks: Buffer[]): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
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
