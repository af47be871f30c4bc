import { useSyncExternalStore } from 'react';
import { sessionSlot, useSessionSlot } from '@/utils/session-slot';
import { decodeBulkRun, encodeBulkRun, type BulkRunRecord } from './bulk-run-record';

export const bulkRunSlotKey = 'chat-console:bulk-run';

/** One bulk run per tab: starting another replaces the record of the previous one. */
export const bulkRunSlot = sessionSlot<BulkRunRecord>(bulkRunSlotKey, {
  encode: encodeBulkRun,
  decode: decodeBulkRun,
});

/**
 * Who may write the record. A run claims it when it starts; a run whose dialog has gone away still
 * records the batch it had in flight, unless another run (a Resume) has claimed the record since.
 */
let writer: symbol | undefined;
/** The run whose dialog is open: its record is shown there, not as "interrupted". */
let onScreen: symbol | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function claimBulkRun(): symbol {
  const token = Symbol('bulk run');
  writer = token;
  notify();
  return token;
}

/** Saves the record if `token` still owns it; false when the tab could not store it. */
export function saveBulkRun(token: symbol, record: BulkRunRecord): boolean {
  if (token !== writer) return true;
  return bulkRunSlot.write(record);
}

export function clearBulkRun(token?: symbol): void {
  if (token !== undefined && token !== writer) return;
  writer = undefined;
  bulkRunSlot.clear();
  notify();
}

export function showBulkRun(token: symbol, shown: boolean): void {
  if (shown) onScreen = token;
  else if (onScreen === token) onScreen = undefined;
  notify();
}

const subscribeScreen = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The stored run unless a dialog of this page is showing it: after a reload, the interrupted run. */
export function useInterruptedBulkRun(): BulkRunRecord | undefined {
  const record = useSessionSlot(bulkRunSlot);
  const shownHere = useSyncExternalStore(
    subscribeScreen,
    () => onScreen !== undefined && onScreen === writer,
    () => false,
  );
  return shownHere ? undefined : record;
}
