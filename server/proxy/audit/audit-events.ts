import type { AuditOutcome } from '../../../src/api/schemas/console';
import type { ConsoleStore } from '../store/store';

type Listener = (outcome: Exclude<AuditOutcome, 'pending'>) => void;

const listeners = new WeakMap<ConsoleStore, Set<Listener>>();

/** Calls `listener` with the outcome of every audit row this process completes in `store`; returns the unsubscribe. */
export function onAuditWrite(store: ConsoleStore, listener: Listener): () => void {
  const set = listeners.get(store) ?? new Set<Listener>();
  listeners.set(store, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** A row now holds its final outcome (written complete, completed after its intent, or a repeated refusal). */
export function noteAuditWrite(store: ConsoleStore, outcome: AuditOutcome): void {
  if (outcome === 'pending') return;
  for (const listener of listeners.get(store) ?? []) listener(outcome);
}
