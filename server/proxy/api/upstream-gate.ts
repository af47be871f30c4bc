import { upstreamConnections, type LeaveSignal } from './forward';

export interface UpstreamGateOptions {
  /** Upstream requests one operator may have in flight at once on the shared connections. */
  perOperator: number;
  /** Upstream requests in flight overall on the shared connections. */
  total: number;
  /**
   * Connections beyond the shared ones, each for a call of an operator who already has
   * `perOperator` in flight (decision 0066): idle capacity an operator may use, which another
   * operator's next call never needs.
   */
  burst: number;
  /** Calls one operator may have in flight on the burst connections. */
  burstPerOperator: number;
  /** Requests one operator may have waiting for a turn; one more is refused (429). */
  queuePerOperator: number;
  /** The longest a request waits for its turn before it is refused (503). */
  maxWaitMs: number;
}

const sharedConnections = 16;

export const defaultGateOptions: UpstreamGateOptions = {
  perOperator: 4,
  total: sharedConnections,
  burst: upstreamConnections - sharedConnections,
  burstPerOperator: 6,
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
  /** Gives the waiter its turn, with the function that gives it back. */
  grant: (release: () => void) => void;
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

/** Connections of one kind: in flight overall and per operator, within their limits. */
class Lane {
  inFlight = 0;
  readonly running = new Map<string, number>();
  constructor(
    readonly limit: number,
    readonly perOperator: number,
  ) {}

  hasRoom(operator: string) {
    return this.inFlight < this.limit && (this.running.get(operator) ?? 0) < this.perOperator;
  }

  start(operator: string) {
    this.running.set(operator, (this.running.get(operator) ?? 0) + 1);
    this.inFlight++;
  }

  end(operator: string) {
    const left = (this.running.get(operator) ?? 1) - 1;
    if (left > 0) this.running.set(operator, left);
    else this.running.delete(operator);
    this.inFlight--;
  }
}

/**
 * Admission to the upstream pool, per operator (Envoy's circuit breakers, per client instead of per
 * cluster): at most `perOperator` requests of one operator and `total` of everyone in flight on the
 * shared connections, the rest queued per operator and served round-robin between operators, so a
 * backlog of slow calls of one operator never holds the connections another operator's next call
 * needs. An operator at their share may use a burst connection while one is free (at most
 * `burstPerOperator`): they are nobody's share, so taking them delays no one. Reads and writes queue
 * alike, first come first served within an operator. One timer refuses the waits that ran out, not
 * one per waiter: under load most requests of a busy operator wait a moment.
 */
export function createUpstreamGate(options: Partial<UpstreamGateOptions> = {}) {
  const opts: UpstreamGateOptions = { ...defaultGateOptions, ...options };
  const shared = new Lane(opts.total, opts.perOperator);
  const burst = new Lane(opts.burst, opts.burstPerOperator);
  // Operators with waiters in turn order: a Map iterates in insertion order, and an operator served
  // is re-inserted, which moves it behind the others.
  const queues = new Map<string, Waiter[]>();
  let expiry: ReturnType<typeof setTimeout> | undefined;

  /** The lane with room for the operator's next call: their share first. */
  const laneFor = (operator: string) =>
    shared.hasRoom(operator) ? shared : burst.hasRoom(operator) ? burst : undefined;

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
      const lane = laneFor(operator);
      if (!lane) continue;
      const next = waiters.shift();
      if (waiters.length === 0) queues.delete(operator);
      else if (queues.size > 1) {
        // Served: behind the other operators that wait.
        queues.delete(operator);
        queues.set(operator, waiters);
      }
      if (!next) return true;
      lane.start(operator);
      next.grant(releaser(lane, operator));
      return true;
    }
    return false;
  };
  const dispatch = () => {
    while (serveNext());
  };

  const releaser = (lane: Lane, operator: string) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      lane.end(operator);
      dispatch();
    };
  };

  /** The operator's turn at once, when nobody of theirs waits and there is room; else undefined. */
  const startNow = (operator: string, signal: LeaveSignal | undefined) => {
    if (signal?.aborted || queues.has(operator)) return undefined;
    const lane = laneFor(operator);
    if (!lane) return undefined;
    lane.start(operator);
    return releaser(lane, operator);
  };

  /** Waits for the operator's turn; resolves to the function that gives the slot back. */
  function acquire(operator: string, signal?: LeaveSignal): Promise<() => void> {
    const now = startNow(operator, signal);
    return now ? Promise.resolve(now) : queueFor(operator, signal);
  }

  /** Queues a call that found no turn at once (startNow), or refuses it. */
  function queueFor(operator: string, signal: LeaveSignal | undefined): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new GateRefusal('aborted', 'the client went away'));
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
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
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

  /** `task`'s promise, with the slot given back when it settles (before its caller goes on). */
  function runIn<T>(release: () => void, task: () => Promise<T>): Promise<T> {
    let pending: Promise<T>;
    try {
      pending = task();
    } catch (error) {
      release();
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    pending.then(release, release);
    return pending;
  }

  return {
    options: opts,
    acquire,
    /**
     * Runs `task` in the operator's turn and gives the slot back when it settles. A turn free at
     * once runs it at once, and its caller waits for the task's own promise, not one more.
     */
    run<T>(operator: string, signal: LeaveSignal | undefined, task: () => Promise<T>): Promise<T> {
      const release = startNow(operator, signal);
      return release
        ? runIn(release, task)
        : queueFor(operator, signal).then((queued) => runIn(queued, task));
    },
    /** In flight and waiting, overall or for one operator. */
    load(operator?: string) {
      if (operator === undefined) {
        let queued = 0;
        for (const waiters of queues.values()) queued += waiters.length;
        return { inFlight: shared.inFlight + burst.inFlight, queued };
      }
      const inFlight = (shared.running.get(operator) ?? 0) + (burst.running.get(operator) ?? 0);
      return { inFlight, queued: queues.get(operator)?.length ?? 0 };
    },
  };
}

export type UpstreamGate = ReturnType<typeof createUpstreamGate>;
