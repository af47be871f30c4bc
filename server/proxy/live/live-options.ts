import { realTimers, type LiveTimers } from './queue-poller';

export interface LiveQueueOptions {
  pollMs: number;
  claimMs: number;
  heartbeatMs: number;
  maxBackoffMs: number;
  /**
   * When an operator's last event stream on this server closes (tab closed, browser gone), their
   * claims are released after this long unless a stream of theirs opens again (a reconnect).
   */
  releaseGraceMs: number;
  /**
   * How often a console server with watchers re-reads what every replica shares: the list the
   * polling replica stored, and the claims (made or released through any replica, or expired).
   */
  followMs: number;
  /** Event streams one operator may hold open on this server (tabs, windows); one more is refused. */
  maxStreamsPerOperator: number;
  timers: LiveTimers;
}

/** The live queue's configuration; its timers are a test hook (see ProxyTestHooks). */
export type LiveQueueSettings = Omit<LiveQueueOptions, 'timers'>;

export const defaultLiveQueueOptions: LiveQueueOptions = {
  pollMs: 10_000,
  claimMs: 5 * 60_000,
  heartbeatMs: 15_000,
  maxBackoffMs: 5 * 60_000,
  releaseGraceMs: 5_000,
  followMs: 1_000,
  maxStreamsPerOperator: 8,
  timers: realTimers,
};

/** One event as it goes out to every watcher (serialised once, not per watcher). */
export type LiveEvent =
  | { event: 'queue' | 'claims' | 'status'; id?: string; data: string }
  | { event: 'heartbeat' }
  | { event: 'end'; data: string };

export type Watcher = (event: LiveEvent) => void;

/**
 * A server's turn at watching one list, from its first watcher to its last. Its lease holder id is
 * new each time, so a snapshot it stored in an earlier turn is never taken for a current one. Work
 * begun in one turn checks it is still the current one before it changes anything.
 */
export interface Term {
  holder: string;
  cancel: (() => void)[];
  ready: Promise<void>;
}

/** This server's store work for one list, queued one step after the other (see live-queue.ts). */
export type Step = (what: string, fn: () => Promise<void>) => Promise<void>;
