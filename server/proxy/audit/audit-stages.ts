import type { AuditOutcome } from '../../../src/api/schemas/console';
import { noteAuditWrite } from './audit-events';
import { noteDecision } from '../insights/decision-rollups';
import { optionalText, parseTargets } from './audit-log';
import type { ConsoleStore } from '../store/store';

/** The second stage of an audited write: how it ended. */
export interface AuditCompletion {
  status: number;
  upstreamStatus: number | null;
  outcome: Exclude<AuditOutcome, 'pending'>;
  detail: string | null;
  durationMs: number;
}

export const stoppedDetail = 'console stopped before the answer';

/**
 * Completes a pending intent row; a row completed already is left as it is. A row that a starting
 * replica took for a stopped console's (see recoverPendingAudit) is completed too: the write was in
 * flight on a running replica, which alone knows the row's id and now how it ended.
 */
export async function completeAudit(
  store: ConsoleStore,
  id: number,
  done: AuditCompletion,
): Promise<void> {
  const completed = await store.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('audit')
      .set({
        status: done.status,
        upstream_status: done.upstreamStatus,
        outcome: done.outcome,
        detail: optionalText(done.detail, 300),
        duration_ms: Math.max(0, Math.round(done.durationMs)),
      })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('outcome', '=', 'pending'),
          eb.and([eb('outcome', '=', 'unknown'), eb('detail', '=', stoppedDetail)]),
        ]),
      )
      .returning(['at', 'operator', 'action', 'targets'])
      .executeTakeFirst();
    if (row && done.outcome === 'ok') {
      await noteDecision(trx, store.engine, { ...row, id, targets: parseTargets(row.targets) });
    }
    return row !== undefined;
  });
  if (completed) noteAuditWrite(store, done.outcome);
}

/**
 * At start, before any request: every intent still pending belongs to a console that stopped (a
 * crash, a kill, a failed completion) and may have been applied, or, on a store shared by replicas,
 * to a write still in flight on another replica, whose completion then settles it after all.
 * Returns how many rows it changed.
 */
export async function recoverPendingAudit(store: ConsoleStore): Promise<number> {
  const { numUpdatedRows } = await store.db
    .updateTable('audit')
    .set({ outcome: 'unknown', detail: stoppedDetail })
    .where('outcome', '=', 'pending')
    .executeTakeFirst();
  return Number(numUpdatedRows);
}
