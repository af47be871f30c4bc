import type { AuditOutcome } from '../../../src/api/schemas/console';
import { auditRecordOf } from '../request-audit';
import type { AppContext, Runtime } from '../context';
import { jsonError } from '../http/errors';
import { recordAudit, type AuditRecord } from './audit-log';
import { completeAudit, type AuditCompletion } from './audit-stages';
import type { StoreDb } from '../store/store';
import type { UpstreamFailure } from '../api/forward';

/** What an audited write records about itself, beside who and when. */
export type WriteRecord = Pick<
  AuditRecord,
  'action' | 'operation' | 'targets' | 'onBehalfOf' | 'reason' | 'reasonId' | 'note'
>;

/** The intent row could not be written: the write must not be sent. */
export class AuditUnavailable extends Error {
  constructor(readonly original: unknown) {
    super('the audit trail cannot record the intent');
    this.name = 'AuditUnavailable';
  }
}

/** What the service's answer says about whether the write took effect. */
const answered = (upstreamStatus: number): Exclude<AuditOutcome, 'pending'> =>
  upstreamStatus >= 200 && upstreamStatus < 300
    ? 'ok'
    : upstreamStatus >= 400 && upstreamStatus < 500
      ? 'refused'
      : 'unknown';

/**
 * The audit stages of one write (decision 0011). `intend()`, awaited right before the write is sent,
 * makes the intent row durable (`pending`) or rejects with AuditUnavailable; `answered()` or
 * `failed()` then completes it with the outcome, before the client gets its answer. A completion
 * that cannot be written is logged and the client still gets its answer: the row stays pending and
 * the next start marks it `unknown`. None of them rejects but `intend()`.
 */
/** Thrown by an intent guard's check: the write must not go out (nothing was recorded or sent). */
export class IntentRefused extends Error {}

/**
 * A check run under a lock on `key` together with the intent row's insert, on the same
 * transaction: what it looks at cannot change between the check and the row (see decision-conflict).
 */
export interface IntentGuard {
  key: string;
  /** Rejects with an IntentRefused to stop the write. */
  check: (db: StoreDb) => Promise<void>;
}

export function auditedWrite(rt: Runtime, c: AppContext, record: WriteRecord) {
  const { store, logger } = rt.deps;
  const reqId = c.get('requestId');
  let id: number | undefined;

  const complete = async (done: Omit<AuditCompletion, 'durationMs'>) => {
    if (id === undefined) return;
    // The browser's leaving does not stop the write; the row says so beside how it ended.
    const left = c.req.raw.signal.aborted ? 'the client left before the answer' : null;
    const detail = [done.detail, left].filter(Boolean).join('; ') || null;
    try {
      await completeAudit(store, id, { ...done, detail, durationMs: rt.now() - c.get('started') });
    } catch (error) {
      logger.error(
        { reqId, auditId: id, err: error },
        'audit completion failed; the row stays pending',
      );
    }
  };

  return {
    async intend(guard?: IntentGuard): Promise<void> {
      const intent = auditRecordOf(rt, c, {
        ...record,
        status: null,
        outcome: 'pending',
        durationMs: null,
      });
      try {
        id = guard
          ? await store.exclusive(guard.key, async (trx) => {
              await guard.check(trx);
              return recordAudit(store, intent, trx);
            })
          : await recordAudit(store, intent);
      } catch (error) {
        if (error instanceof IntentRefused) throw error;
        logger.error(
          { reqId, err: error, action: record.action },
          'audit intent not recorded; write refused',
        );
        throw new AuditUnavailable(error);
      }
    },
    answered(status: number, upstreamStatus: number, detail: string | null): Promise<void> {
      return complete({ status, upstreamStatus, outcome: answered(upstreamStatus), detail });
    },
    failed(failure: UpstreamFailure, status: number): Promise<void> {
      return complete({
        status,
        upstreamStatus: null,
        outcome: failure.kind === 'unreachable' ? 'failed' : 'unknown',
        detail: `upstream ${failure.kind} (${failure.message})`,
      });
    },
  };
}

/** 503 for a write refused because its intent could not be recorded: nothing was sent. */
export function auditUnavailableReply(c: AppContext): Response {
  c.get('log').denied = 'audit unavailable';
  return jsonError(
    c,
    503,
    'CONSOLE_AUDIT_UNAVAILABLE',
    'The console cannot record this change in its audit trail, so it was not sent. Try again later.',
    { details: { outcome: 'failed' } },
  );
}
