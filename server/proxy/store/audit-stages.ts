import type { AuditOutcome } from '../../../src/api/schemas/console';
import { noteAuditWrite } from './audit-events';
import { optionalText } from './audit-log';
import type { ConsoleStore } from './store';

/** The second stage of an audited write: how it ended. */
export interface AuditCompletion {
  status: number;
  upstreamStatus: number | null;
  outcome: Exclude<AuditOutcome, 'pending'>;
  detail: string | null;
  durationMs: number;
}

/** Completes a pending intent row; a row completed already is left as it is. */
export function completeAudit(store: ConsoleStore, id: number, done: AuditCompletion): void {
  const { changes } = store
    .statement(
      `UPDATE audit SET status = ?, upstream_status = ?, outcome = ?, detail = ?, duration_ms = ?
       WHERE id = ? AND outcome = 'pending'`,
    )
    .run(
      done.status,
      done.upstreamStatus,
      done.outcome,
      optionalText(done.detail, 300),
      Math.max(0, Math.round(done.durationMs)),
      id,
    );
  if (changes > 0) noteAuditWrite(store, done.outcome);
}

export const stoppedDetail = 'console stopped before the answer';

/**
 * At start, before any request: every intent still pending belongs to a console that stopped (a
 * crash, a kill, a failed completion) and may have been applied. Returns how many rows it changed.
 */
export function recoverPendingAudit(store: ConsoleStore): number {
  return store
    .statement(`UPDATE audit SET outcome = 'unknown', detail = ? WHERE outcome = 'pending'`)
    .run(stoppedDetail).changes;
}
