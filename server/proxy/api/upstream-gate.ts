import type { LeaveSignal } from './forward';

export interface UpstreamGateOptions {
  /** Upstream requests one operator may have in flight at once. */
  perOperator: number;
  /** Upstream requests in flight overall: the pool's connections. */
  total: number;
  /** Requests one operator may have waiting for a turn; one more is refused (429). */
  queuePerOperator: number;
  /** The longest a request waits for its turn before it is refused (503). */
  maxWaitMs: number;
}

export const defaultGateOptions: UpstreamGateOptions = {
  perOperator: 4,
  total: 16,
  queuePerOperator: 16,
  maxWaitMs: 10_000,
};

export type GateRefusalKind = 'queue-full' | 'wait-expired' | 'aborted';

/** Why a request never got its turn upstream; nothing was sent. */
export class GateRefusal extends Error {
  readonly kind: GateRefusalKind;
  constructor(kind: GateRefusalKind, message: string) {
    super(message);
    this.name = 'GateRefusal';
    this.kind = kind;
  }
}

interface Waiter {
  /** When it is refused if it has not had its turn, on `Date.now()`'s clock. */
  deadline: number;
  grant: () => void;
  refuse: (refusal: GateRefusal) => void;
}

/** Takes `waiter` out of its operator's queue; false when it was no longer there. */
function removeWaiter(queues: Map<string, Waiter[]>, operator: string, waiter: Waiter): boolean {
  const list = queues.get(operator);
  const at = list?.indexOf(waiter) ?? -1;
  if (!list || at < 0) return false;
  list.splice(at, 1);
  if (list.length === 0) queues.delete(operator);
  return true;
}

/** Refuses the waits past their deadline at `now`; the next deadline left, if any. */
function refuseExpired(
  queues: Map<string, Waiter[]>,
  now: number,
  message: string,
): number | undefined {
  let next: number | undefined;
  for (const [operator, waiters] of queues) {
    // Each queue is in arrival order, so its deadlines are too.
    for (let late = waiters[0]; late && late.deadline <= now; late = waiters[0]) {
      removeWaiter(queues, operator, late);
      late.refuse(new GateRefusal('wait-expired', message));
    }
    const first = waiters[0];
    if (first) next = Math.min(next ?? Infinity, first.deadline);
  }
  return next;
}

/**
 * Admission to the upstream pool, per operator (Envoy's circuit breakers, per client instead of per
 * cluster): at most `perOperator` requests of one operator and `total` of everyone in flight, the
 * rest queued per operator and served round-robin between operators, so a backlog of slow calls of
 * one operator never holds the connections another operator's next call needs. Reads and writes
 * queue alike, first come first served within an operator. One timer refuses the waits that ran
 * out, not one per waiter: under load most requests of a busy operator wait a moment.
 */
export function createUpstreamGate(options: Partial<UpstreamGateOptions> = {}) {
  const opts: UpstreamGateOptions = { ...defaultGateOptions, ...options };
  const running = new Map<string, number>();
  let inFlight = 0;
  // Operators with waiters in turn order: a Map iterates in insertion order, and an operator served
  // is re-inserted, which moves it behind the others.
  const queues = new Map<string, Waiter[]>();
  let expiry: ReturnType<typeof setTimeout> | undefined;

  const hasRoom = (operator: string) =>
    inFlight < opts.total && (running.get(operator) ?? 0) < opts.perOperator;
  const start = (operator: string) => {
    running.set(operator, (running.get(operator) ?? 0) + 1);
    inFlight++;
  };

  /**
   * Refuses every wait past its deadline, then waits for the next deadline, if anyone waits. The
   * timer is left to run when the queues empty, not cleared: under load they empty and fill again
   * with most calls, and the next wait then finds it set (it holds no process open).
   */
  const expire = () => {
    expiry = undefined;
    const now = Date.now();
    const next = refuseExpired(queues, now, `no turn within ${opts.maxWaitMs} ms`);
    if (next !== undefined) expiry = setTimeout(expire, Math.max(0, next - now)).unref();
  };

  const serveNext = (): boolean => {
    for (const [operator, waiters] of queues) {
      if (!hasRoom(operator)) continue;
      const next = waiters.shift();
      if (waiters.length === 0) queues.delete(operator);
      else if (queues.size > 1) {
        // Served: behind the other operators that wait.
        queues.delete(operator);
        queues.set(operator, waiters);
      }
      if (!next) return true;
      start(operator);
      next.grant();
      return true;
    }
    return false;
  };
  const dispatch = () => {
    while (inFlight < opts.total && serveNext());
  };

  const releaser = (operator: string) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (running.get(operator) ?? 1) - 1;
      if (left > 0) running.set(operator, left);
      else running.delete(operator);
      inFlight--;
      dispatch();
    };
  };

  /** The operator's turn at once, when nobody of theirs waits and there is room; else undefined. */
  const startNow = (operator: string, signal: LeaveSignal | undefined) => {
    if (signal?.aborted || queues.has(operator) || !hasRoom(operator)) return undefined;
    start(operator);
    return releaser(operator);
  };

  /** Waits for the operator's turn; resolves to the function that gives the slot back. */
  function acquire(operator: string, signal?: LeaveSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new GateRefusal('aborted', 'the client went away'));
    const now = startNow(operator, signal);
    if (now) return Promise.resolve(now);
    const waiters = queues.get(operator) ?? [];
    if (waiters.length >= opts.queuePerOperator) {
      return Promise.reject(
        new GateRefusal('queue-full', `${waiters.length} requests of this operator already wait`),
      );
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!removeWaiter(queues, operator, waiter)) return;
        reject(new GateRefusal('aborted', 'the client went away'));
      };
      const waiter: Waiter = {
        deadline: Date.now() + opts.maxWaitMs,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(releaser(operator));
        },
        refuse: (refusal) => {
          signal?.removeEventListener('abort', onAbort);
          reject(refusal);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.push(waiter);
      queues.set(operator, waiters);
      expiry ??= setTimeout(expire, opts.maxWaitMs).unref();
    });
  }

  return {
    options: opts,
    acquire,
    /** Runs `task` in the operator's turn and gives the slot back when it settles. */
    async run<T>(
      operator: string,
      signal: LeaveSignal | undefined,
      task: () => Promise<T>,
    ): Promise<T> {
      const release = startNow(operator, signal) ?? (await acquire(operator, signal));
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** In flight and waiting, overall or for one operator. */
    load(operator?: string) {
      if (operator === undefined) {
        let queued = 0;
        for (const waiters of queues.values()) queued += waiters.length;
        return { inFlight, queued };
      }
      return { inFlight: running.get(operator) ?? 0, queued: queues.get(operator)?.length ?? 0 };
    },
  };
}

export type UpstreamGate = ReturnType<typeof createUpstreamGate>;
