import { UpstreamFailure, type ForwardFn, type UpstreamRequest } from '../api/forward';
import { matchOperation } from '../../../src/api/contract/match';

/** One finished call to the chat service, as the metrics count it. */
export interface UpstreamCall {
  /** The catalogue name (`users.list`), or `unknown` for a call outside it (the readiness probe's is listed). */
  operation: string;
  /** The status, or undefined when no answer came (timeout, refused connection…). */
  status: number | undefined;
  seconds: number;
}

/** The catalogue name of an upstream URL below `baseUrl`; never a raw path, so labels stay bounded. */
export function upstreamOperation(baseUrl: string, method: string, url: string): string {
  try {
    const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
    const path = new URL(url).pathname;
    if (!path.startsWith(`${basePath}/`)) return 'unknown';
    const segments = path
      .slice(basePath.length + 1)
      .split('/')
      .map((segment) => decodeURIComponent(segment));
    const match = matchOperation(method, segments);
    return match.kind === 'operation' ? match.op.name : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Watches every call the console makes to the chat service (forwarded calls, the live queue's polls,
 * the readiness probe): when it last answered at all, and each call's operation, status and time for
 * the metrics. Any HTTP answer counts as an answer, a 401 or a 5xx included: the service is reachable.
 */
export function createUpstreamWatch(opts: {
  baseUrl: string;
  now: () => number;
  onCall?: (call: UpstreamCall) => void;
}) {
  let lastAnswerAt: number | undefined;
  function done(req: UpstreamRequest, started: number, status: number | undefined) {
    if (status !== undefined) lastAnswerAt = opts.now();
    try {
      opts.onCall?.({
        operation: req.operation ?? upstreamOperation(opts.baseUrl, req.method, req.url),
        status,
        seconds: (performance.now() - started) / 1000,
      });
    } catch {
      // Counting a call never fails it, nor leaves a rejection nobody handles.
    }
  }
  // The forwarded call's own promise is handed on, watched beside its caller: its caller waits for
  // nothing more.
  const watch =
    (forward: ForwardFn): ForwardFn =>
    (req) => {
      const started = performance.now();
      const pending = forward(req);
      pending.then(
        (res) => done(req, started, res.status),
        (error: unknown) => {
          // A client that left is not the service's failure; anything else is no answer.
          if (!(error instanceof UpstreamFailure && error.kind === 'aborted'))
            done(req, started, undefined);
        },
      );
      return pending;
    };
  return {
    watch,
    /** When the service last answered anything, in the clock of `now`. */
    lastAnswerAt: () => lastAnswerAt,
  };
}

export type UpstreamWatch = ReturnType<typeof createUpstreamWatch>;
