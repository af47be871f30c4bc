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
  grant: () => void;
}

/**
 * Admission to the upstream pool, per operator (Envoy's circuit breakers, per client instead of per
 * cluster): at most `perOperator` requests of one operator and `total` of everyone in flight, the
 * rest queued per operator and served round-robin between operators, so a backlog of slow calls of
 * one operator never holds the connections another operator's next call needs. Reads and writes
 * queue alike, first come first served within an operator.
 */
export function createUpstreamGate(options: Partial<UpstreamGateOptions> = {}) {
  const opts: UpstreamGateOptions = { ...defaultGateOptions, ...options };
  const running = new Map<string, number>();
  let inFlight = 0;
  // Operators with waiters in turn order: a Map iterates in insertion order, and an operator served
  // is re-inserted, which moves it behind the others.
  const queues = new Map<string, Waiter[]>();

  const hasRoom = (operator: string) =>
    inFlight < opts.total && (running.get(operator) ?? 0) < opts.perOperator;
  const start = (operator: string) => {
    running.set(operator, (running.get(operator) ?? 0) + 1);
    inFlight++;
  };

  const serveNext = (): boolean => {
    for (const [operator, waiters] of queues) {
      if (!hasRoom(operator)) continue;
      const next = waiters.shift();
      queues.delete(operator);
      if (waiters.length > 0) queues.set(operator, waiters);
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

  /** Waits for the operator's turn; resolves to the function that gives the slot back. */
  function acquire(operator: string, signal?: LeaveSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new GateRefusal('aborted', 'the client went away'));
    if (!queues.has(operator) && hasRoom(operator)) {
      start(operator);
      return Promise.resolve(releaser(operator));
    }
    const waiters = queues.get(operator) ?? [];
    if (waiters.length >= opts.queuePerOperator) {
      return Promise.reject(
        new GateRefusal('queue-full', `${waiters.length} requests of this operator already wait`),
      );
    }
    return new Promise((resolve, reject) => {
      const leave = (refusal: GateRefusal) => {
        settle();
        const list = queues.get(operator);
        const at = list?.indexOf(waiter) ?? -1;
        if (list && at >= 0) list.splice(at, 1);
        if (list?.length === 0) queues.delete(operator);
        reject(refusal);
      };
      const timer = setTimeout(
        () => leave(new GateRefusal('wait-expired', `no turn within ${opts.maxWaitMs} ms`)),
        opts.maxWaitMs,
      );
      const onAbort = () => leave(new GateRefusal('aborted', 'the client went away'));
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        grant: () => {
          settle();
          resolve(releaser(operator));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.push(waiter);
      queues.set(operator, waiters);
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
      const release = await acquire(operator, signal);
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
