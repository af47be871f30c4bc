import type { UpstreamResponse } from '../api/forward';

/** Where the live queue stands, as the clients are told. */
export type PollerStatus =
  | { state: 'live'; at: number }
  | {
      state: 'paused';
      reason: 'rate-limited' | 'unavailable';
      /** When the next poll is due, in whole seconds from now. */
      retryInSeconds: number;
      /** "live updates paused: the service is rate limiting, retrying in 30 s" */
      message: string;
    };

/** The timers of the live queue; tests pass ones they move by hand (see test-support/manual-timers.ts). */
export interface LiveTimers {
  /** Runs `fn` once after `ms`; returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
  /** Runs `fn` every `ms`; returns what cancels it. */
  every(ms: number, fn: () => void): () => void;
}

/**
 * Node's timers, looked up at each call. Unreferenced: they run while event streams are open, which
 * keep the process alive anyway, and never hold up its exit.
 */
export const realTimers: LiveTimers = {
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref?.();
    return () => clearInterval(timer);
  },
};

export interface QueuePollerOptions<T> {
  intervalMs: number;
  /** The longest wait between two polls after failures or 429s without a usable Retry-After. */
  maxBackoffMs: number;
  /** One read of the service's blocked list; throws when no answer came. */
  read: (signal: AbortSignal) => Promise<UpstreamResponse>;
  /** A 200 answer's body, read; undefined when it could not be read (counted as a failure). */
  parse: (body: Uint8Array) => T | undefined;
  /**
   * After every poll: the list when one was read, and where the poller stands. Called before the
   * next poll is scheduled and not awaited, so what it stores never shifts the polls' rhythm.
   */
  onPoll: (poll: { list: T | undefined; status: PollerStatus }) => void;
  now: () => number;
  timers?: LiveTimers;
}

const header = (headers: UpstreamResponse['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * How long a 429 asks to wait, in ms: `Retry-After` (seconds or an HTTP date), else the service's
 * documented `X-Rate-Limit-Reset` (Unix seconds); undefined when neither is usable.
 */
export function rateLimitWaitMs(headers: UpstreamResponse['headers'], now: number) {
  const retryAfter = header(headers, 'retry-after')?.trim();
  if (retryAfter && /^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
  if (retryAfter) {
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = header(headers, 'x-rate-limit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - now);
  return undefined;
}

const pausedText = (why: string, seconds: number) =>
  `live updates paused: ${why}, retrying in ${seconds} s`;

/**
 * Reads the blocked list once per interval while started, for every watcher at once. A 429 waits
 * what the service asks (capped at `maxBackoffMs`), or backs off exponentially when it does not
 * say; other failures back off exponentially too. Each pause is reported with when it retries.
 */
export function createQueuePoller<T>(opts: QueuePollerOptions<T>) {
  const timers = opts.timers ?? realTimers;
  let cancel: (() => void) | undefined;
  let inFlight: AbortController | undefined;
  let running = false;
  let failures = 0;

  const backoff = () => Math.min(opts.maxBackoffMs, opts.intervalMs * 2 ** failures);
  const schedule = (ms: number) => {
    if (!running) return;
    cancel = timers.after(ms, () => void poll());
  };
  const pause = (reason: 'rate-limited' | 'unavailable', waitMs: number, why: string) => {
    failures += 1;
    const retryInSeconds = Math.ceil(waitMs / 1000);
    opts.onPoll({
      list: undefined,
      status: { state: 'paused', reason, retryInSeconds, message: pausedText(why, retryInSeconds) },
    });
    schedule(waitMs);
  };

  async function poll() {
    cancel = undefined;
    if (!running) return;
    const controller = new AbortController();
    inFlight = controller;
    let answer: UpstreamResponse;
    try {
      answer = await opts.read(controller.signal);
    } catch {
      if (inFlight === controller) inFlight = undefined;
      if (running && !controller.signal.aborted)
        pause('unavailable', backoff(), 'the service is not answering');
      return;
    }
    if (inFlight === controller) inFlight = undefined;
    if (!running || controller.signal.aborted) return;
    if (answer.status === 429) {
      const asked = rateLimitWaitMs(answer.headers, opts.now());
      pause(
        'rate-limited',
        Math.min(opts.maxBackoffMs, asked ?? backoff()),
        'the service is rate limiting',
      );
      return;
    }
    if (answer.status !== 200) {
      pause('unavailable', backoff(), `the service answered ${answer.status}`);
      return;
    }
    const list = opts.parse(answer.body);
    if (list === undefined) {
      pause('unavailable', backoff(), "the service's list could not be read");
      return;
    }
    failures = 0;
    opts.onPoll({ list, status: { state: 'live', at: opts.now() } });
    schedule(opts.intervalMs);
  }

  return {
    /** Starts polling now (idempotent). */
    start() {
      if (running) return;
      running = true;
      failures = 0;
      void poll();
    },
    /** Stops: no further poll, and a poll in flight is abandoned. */
    stop() {
      running = false;
      cancel?.();
      cancel = undefined;
      inFlight?.abort();
      inFlight = undefined;
    },
    get running() {
      return running;
    },
  };
}

export type QueuePoller = ReturnType<typeof createQueuePoller>;
