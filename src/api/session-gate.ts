import { ApiError } from './api-error';

/**
 * What the page knows of the operator's session, shared by the transport and the shell. Once an
 * operator has signed in on this page, a call the console server answers with 401 does not fail: it
 * waits here until someone signs in again on the same page, then is sent again. Reads always go on;
 * a write goes on only when the same operator signs in (another operator must not act under the
 * first one's intent), and is otherwise refused with `CONSOLE_OPERATOR_CHANGED`. Decision 0026.
 */
export interface SessionGateState {
  /** The operator signed in on this page, as last seen. */
  operator: string | undefined;
  /** Whose session ended while this page was open; undefined while signed in. */
  endedFor: string | undefined;
  /** Writes that wait to be sent once signed in again. */
  waitingWrites: number;
}

interface Waiter {
  write: boolean;
  resume: () => void;
  refuse: (error: Error) => void;
}

const aborted = (signal: AbortSignal | undefined): Error =>
  signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');

let state: SessionGateState = { operator: undefined, endedFor: undefined, waitingWrites: 0 };
const waiters = new Set<Waiter>();
const listeners = new Set<() => void>();

function update(next: Partial<SessionGateState>) {
  const waitingWrites = [...waiters].filter((w) => w.write).length;
  state = { ...state, ...next, waitingWrites };
  for (const listener of listeners) listener();
}

export const sessionGate = {
  get: (): SessionGateState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** An operator is signed in (the session was read, or a sign-in succeeded): waiting calls go on. */
  signedIn(username: string) {
    const previous = state.endedFor;
    const held = [...waiters];
    waiters.clear();
    for (const waiter of held) {
      if (!waiter.write || previous === undefined || previous === username) waiter.resume();
      else
        waiter.refuse(
          new ApiError({
            status: 401,
            code: 'CONSOLE_OPERATOR_CHANGED',
            message: `Signed in as ${username}: this was started as ${previous} and was not sent. Check it and send it again if it still applies.`,
          }),
        );
    }
    update({ operator: username, endedFor: undefined });
  },

  /** The operator signed out on purpose: nothing waits, and a later 401 is simply an answer. */
  signedOut() {
    const held = [...waiters];
    waiters.clear();
    const error = new ApiError({
      status: 401,
      code: 'CONSOLE_UNAUTHENTICATED',
      message: 'Signed out.',
    });
    for (const waiter of held) waiter.refuse(error);
    update({ operator: undefined, endedFor: undefined });
  },

  /**
   * The transport met `error` (a 401): resolves when the call should be sent again, rejects when it
   * should fail. Without an operator signed in on this page, the 401 is the answer.
   */
  waitForSignIn(error: ApiError, write: boolean, signal?: AbortSignal): Promise<void> {
    const operator = state.operator ?? state.endedFor;
    if (error.code !== 'CONSOLE_UNAUTHENTICATED' || operator === undefined)
      return Promise.reject(error);
    if (signal?.aborted) return Promise.reject(aborted(signal));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        waiters.delete(waiter);
        update({});
        reject(aborted(signal));
      };
      const waiter: Waiter = {
        write,
        resume: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        refuse: (reason) => {
          signal?.removeEventListener('abort', onAbort);
          reject(reason);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.add(waiter);
      update({ operator: undefined, endedFor: operator });
    });
  },
};
