import type { Logger } from 'pino';

export interface LogBudgetOptions {
  /** The window the bounds apply to (default a minute). */
  windowMs: number;
  /** Lines per kind of refusal and window (default 3); the rest are counted. */
  perRefusal: number;
  /** Request lines of any kind per window (default 1,200); the rest are counted. */
  maxLines: number;
}

const defaults: LogBudgetOptions = { windowMs: 60_000, perRefusal: 3, maxLines: 1_200 };

/**
 * Bounds the request log under a flood: the first few refusals of each kind (status and reason) in a
 * window get their own line, the rest are counted, as are lines past the window's overall bound; a
 * window that suppressed lines ends with one line of counts (`refused`, `unlogged`), written by the
 * first request after it, or a timer when none comes.
 */
export function createLogBudget(
  logger: Logger,
  now: () => number,
  options: Partial<LogBudgetOptions> = {},
) {
  const opts = { ...defaults, ...options };
  let windowStart = now();
  let lines = 0;
  let unlogged = 0;
  let refused = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const over = Object.fromEntries(
      [...refused].filter(([, n]) => n > opts.perRefusal).map(([key, n]) => [key, n]),
    );
    if (unlogged > 0 || Object.keys(over).length > 0) {
      logger.warn(
        { windowStart: new Date(windowStart).toISOString(), refused: over, unlogged },
        'request lines coalesced',
      );
    }
    windowStart = now();
    lines = 0;
    unlogged = 0;
    refused = new Map();
  };

  // Counts left unwritten are written when the window ends, even if no request comes then.
  const flushLater = () => {
    timer ??= setTimeout(flush, windowStart + opts.windowMs - now()).unref();
  };

  return {
    /** Whether this request gets its own line; `refusal` names the kind of a refused request. */
    admit(refusal: string | undefined): boolean {
      if (now() - windowStart >= opts.windowMs) flush();
      if (refusal !== undefined) {
        const seen = (refused.get(refusal) ?? 0) + 1;
        refused.set(refusal, seen);
        if (seen > opts.perRefusal) {
          flushLater();
          return false;
        }
      }
      if (lines >= opts.maxLines) {
        unlogged++;
        flushLater();
        return false;
      }
      lines++;
      return true;
    },
    flush,
  };
}
