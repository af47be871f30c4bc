import { asAbortSignal, UpstreamFailure, type ForwardFn } from '../proxy/api/forward';
import { chatErrorCode } from '../proxy/api/upstream-response';
import { errorCode } from './network';

/** One answer of the service to a doctor's GET, read once. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body; undefined when the body is not JSON. */
  json: unknown;
  /** `error.code` of the chat error envelope, when there is one. */
  code: string | undefined;
  ms: number;
}

/** No answer: the transport failed. `code` is the socket or undici code when one is known. */
export interface NoAnswer {
  failure: 'timeout' | 'unreachable' | 'too-large';
  code: string | undefined;
  ms: number;
}

export type Get = (path: string, query?: Record<string, string>) => Promise<Answer | NoAnswer>;

export const isAnswer = (result: Answer | NoAnswer): result is Answer => 'status' in result;

/** A ForwardFn over a WHATWG `fetch` (the global one, or a test's), redirects not followed. */
export function fetchForward(fetchImpl: typeof fetch, timeoutMs = 10_000): ForwardFn {
  return async (req) => {
    let res: Response;
    try {
      res = await fetchImpl(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        redirect: 'manual',
        signal: req.signal ? asAbortSignal(req.signal) : AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const code = errorCode(error);
      if (error instanceof DOMException && error.name === 'TimeoutError')
        throw new UpstreamFailure('timeout', 'ETIMEDOUT');
      throw new UpstreamFailure('unreachable', code ?? String(error));
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: res.status, headers, body: new Uint8Array(await res.arrayBuffer()) };
  };
}

/** GETs below the base URL with the key, timing each; never throws. */
export function createGet(forward: ForwardFn, baseUrl: string, apiKey: string): Get {
  const base = baseUrl.replace(/\/+$/, '');
  return async (path, query) => {
    const search = new URLSearchParams(query).toString();
    const started = performance.now();
    try {
      const res = await forward({
        method: 'GET',
        url: `${base}${path}${search ? `?${search}` : ''}`,
        headers: {
          accept: 'application/json',
          apikey: apiKey,
          'user-agent': 'chat-admin-console (doctor)',
        },
      });
      const ms = performance.now() - started;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(res.body).toString('utf8'));
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, json, code: chatErrorCode(json), ms };
    } catch (error) {
      const ms = performance.now() - started;
      if (error instanceof UpstreamFailure && error.kind !== 'aborted') {
        // The pool forwarder puts the socket's code in the message (see forward.ts classify()).
        const code = /^[A-Z][A-Z0-9_]+$/.test(error.message) ? error.message : errorCode(error);
        // A broken answer to a GET is a connection problem for the doctor, like a refused one.
        return { failure: error.kind === 'interrupted' ? 'unreachable' : error.kind, code, ms };
      }
      return { failure: 'unreachable', code: errorCode(error), ms };
    }
  };
}

/** A response header as one string. */
export function header(answer: Answer, name: string): string | undefined {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
