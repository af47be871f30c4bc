import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { userQueries } from '@/api/queries/users';
import { deactivateUsers, reactivateUsers } from '@/api/users';
import { useOperator } from '@/features/auth/use-session';
import {
  emptyOutcome,
  fromDeactivateResult,
  fromReactivateResult,
  runInBatches,
  type BulkAction,
  type BulkOutcome,
  type BulkProgress,
} from './bulk-batches';
import type { BulkRunRecord } from './bulk-run-record';
import { claimBulkRun, clearBulkRun, saveBulkRun, showBulkRun } from './bulk-run-store';

export type BulkRun =
  | { phase: 'idle' }
  | {
      phase: 'running';
      action: BulkAction;
      progress: BulkProgress;
      outcome: BulkOutcome;
      cancelling: boolean;
      /** False when the tab would not store the progress: a reload would lose it. */
      kept: boolean;
    }
  | { phase: 'done'; action: BulkAction; outcome: BulkOutcome };

const sendFor = (action: BulkAction) =>
  action === 'deactivate'
    ? async (batch: string[]) => fromDeactivateResult(await deactivateUsers(batch))
    : async (batch: string[]) => fromReactivateResult(await reactivateUsers(batch));

const newRunId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

interface StartInput {
  action: BulkAction;
  uids: readonly string[];
  continuing?: BulkRunRecord | undefined;
}

/**
 * Runs a bulk deactivate or reactivate in batches, with progress and Cancel (which stops after the batch
 * in flight). Leaving the page cancels the same way. The run is kept in the tab's sessionStorage before
 * and after every batch, so a reload can show what was done; it is removed once the run has finished
 * in front of the operator. The user lists and details are refetched afterwards.
 */
export function useBulkRun() {
  const client = useQueryClient();
  const { username } = useOperator();
  const [run, setRun] = useState<BulkRun>({ phase: 'idle' });
  const cancelled = useRef(false);
  const mounted = useRef(false);
  const token = useRef<symbol | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    // StrictMode unmounts and mounts once more in development; only a real unmount cancels.
    cancelled.current = false;
    if (token.current) showBulkRun(token.current, true);
    return () => {
      mounted.current = false;
      cancelled.current = true;
      if (token.current) showBulkRun(token.current, false);
    };
  }, []);

  // A mutation, so the run counts as a write everywhere (the audit trail refreshes after it).
  const { mutateAsync } = useSingleMutation({
    mutationFn: ({ action, uids, continuing }: StartInput) => {
      const claim = claimBulkRun();
      token.current = claim;
      showBulkRun(claim, mounted.current);
      const record: BulkRunRecord = continuing ?? {
        id: newRunId(),
        action,
        uids: [...uids],
        outcome: emptyOutcome(),
        startedAt: Date.now(),
        operator: username,
      };
      let kept = true;
      const save = (outcome: BulkOutcome, inFlight: readonly string[] = []) => {
        const unknown = inFlight.length > 0 ? [...outcome.unknown, ...inFlight] : outcome.unknown;
        kept = saveBulkRun(claim, { ...record, outcome: { ...outcome, unknown } });
      };
      return runInBatches({
        uids,
        send: sendFor(action),
        isCancelled: () => cancelled.current,
        before: continuing?.outcome,
        onSend: (batch, sofar) => save(sofar, batch),
        onProgress: (progress, sofar) => {
          save(sofar);
          setRun((current) => ({
            phase: 'running',
            action,
            progress,
            outcome: { ...sofar },
            cancelling: current.phase === 'running' && current.cancelling,
            kept,
          }));
        },
      }).then((outcome) => {
        // Seen by the operator: nothing left to restore. Otherwise the page has gone and the record
        // now says which uids were never sent.
        if (mounted.current) clearBulkRun(claim);
        return outcome;
      });
    },
    onSuccess: (outcome, { action }) => setRun({ phase: 'done', action, outcome }),
    onSettled: () => client.invalidateQueries({ queryKey: userQueries.all() }),
  });

  const start = useCallback(
    (
      action: BulkAction,
      uids: readonly string[],
      continuing?: BulkRunRecord,
    ): Promise<BulkOutcome> => {
      cancelled.current = false;
      return mutateAsync({ action, uids, continuing });
    },
    [mutateAsync],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    setRun((current) => (current.phase === 'running' ? { ...current, cancelling: true } : current));
  }, []);

  const reset = useCallback(() => setRun({ phase: 'idle' }), []);

  return { run, start, cancel, reset };
}
