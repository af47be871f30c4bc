import type { LiveTimers } from '../live/queue-poller';

interface Pending {
  at: number;
  /** Set for a timer that repeats. */
  every: number | undefined;
  fn: () => void;
}

/** Lets callbacks, promises and ready I/O run (the next round of the event loop). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Timers a test moves by hand, for the live queue alone (tests pass them as `liveQueue.timers`).
 * Faking the process's timers would fake the PostgreSQL pool's too, whose connection timeout then
 * fires while a connection is still being made.
 */
export function manualTimers() {
  let now = 0;
  let next = 0;
  const pending = new Map<number, Pending>();
  const add = (ms: number, fn: () => void, every: number | undefined) => {
    const id = (next += 1);
    pending.set(id, { at: now + Math.max(0, ms), every, fn });
    return () => void pending.delete(id);
  };
  const timers: LiveTimers = {
    after: (ms, fn) => add(ms, fn, undefined),
    every: (ms, fn) => add(ms, fn, Math.max(1, ms)),
  };
  const due = (until: number) => {
    let first: [number, Pending] | undefined;
    for (const entry of pending) {
      if (entry[1].at <= until && (!first || entry[1].at < first[1].at)) first = entry;
    }
    return first;
  };
  return {
    timers,
    /** Moves time on by `ms`, running each timer due in time order, the event loop turning after each. */
    async advance(ms: number) {
      const until = now + ms;
      for (let found = due(until); found; found = due(until)) {
        const [id, timer] = found;
        now = timer.at;
        if (timer.every === undefined) pending.delete(id);
        else timer.at += timer.every;
        timer.fn();
        await settle();
      }
      now = until;
      await settle();
    },
  };
}

export type ManualTimers = ReturnType<typeof manualTimers>;
