import { useSyncExternalStore } from 'react';
import { sessionGate, type SessionGateState } from '@/api/session-gate';

/** Whether the session ended while this page was open, and what waits for the next sign-in. */
export function useSessionGate(): SessionGateState {
  return useSyncExternalStore(sessionGate.subscribe, sessionGate.get, sessionGate.get);
}
