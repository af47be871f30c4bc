import { useCallback, useEffect, useRef, useState } from 'react';
import type { FailedUid } from './bulk-batches';
import { checkUnknownUids } from './bulk-check';
import type { BulkRunRecord } from './bulk-run-record';
import { claimBulkRun, saveBulkRun } from './bulk-run-store';

export type UnknownCheck =
  | { phase: 'idle' }
  | { phase: 'checking'; checked: number; total: number; waitingSeconds: number | undefined }
  | { phase: 'done'; errors: FailedUid[] }
  | { phase: 'failed'; error: unknown };

/**
 * Settles the uids of an interrupted run whose batch was in flight, by reading each user; the stored
 * record is updated after every uid, so a reload in the middle keeps what was learnt.
 */
export function useUnknownCheck() {
  const [state, setState] = useState<UnknownCheck>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback((record: BulkRunRecord) => {
    const abort = new AbortController();
    controller.current = abort;
    const claim = claimBulkRun();
    const total = record.outcome.unknown.length;
    setState({ phase: 'checking', checked: 0, total, waitingSeconds: undefined });
    checkUnknownUids({
      action: record.action,
      outcome: record.outcome,
      signal: abort.signal,
      onProgress: (outcome, checked) => {
        saveBulkRun(claim, { ...record, outcome });
        setState({ phase: 'checking', checked, total, waitingSeconds: undefined });
      },
      onWait: (waitingSeconds) =>
        setState((current) =>
          current.phase === 'checking' ? { ...current, waitingSeconds } : current,
        ),
    })
      .then(({ errors }) => setState({ phase: 'done', errors }))
      .catch((error: unknown) => {
        // Aborted: the banner has gone, and the record holds every uid settled so far.
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      });
  }, []);

  return { state, start };
}
