import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { userQueries } from '@/api/queries/users';
import { deactivateUsers, reactivateUsers } from '@/api/users';
import {
  fromDeactivateResult,
  fromReactivateResult,
  runInBatches,
  type BulkAction,
  type BulkOutcome,
  type BulkProgress,
} from './bulk-batches';

export type BulkRun =
  | { phase: 'idle' }
  | {
      phase: 'running';
      action: BulkAction;
      progress: BulkProgress;
      outcome: BulkOutcome;
      cancelling: boolean;
    }
  | { phase: 'done'; action: BulkAction; outcome: BulkOutcome };

const sendFor = (action: BulkAction) =>
  action === 'deactivate'
    ? async (batch: string[]) => fromDeactivateResult(await deactivateUsers(batch))
    : async (batch: string[]) => fromReactivateResult(await reactivateUsers(batch));

/**
 * Runs a bulk deactivate or reactivate in batches, with progress and Cancel (which stops after the batch
 * in flight). Leaving the page cancels the same way. The user lists and details are refetched afterwards.
 */
export function useBulkRun() {
  const client = useQueryClient();
  const [run, setRun] = useState<BulkRun>({ phase: 'idle' });
  const cancelled = useRef(false);

  useEffect(
    () => () => {
      cancelled.current = true;
    },
    [],
  );

  // A mutation, so the run counts as a write everywhere (the audit trail refreshes after it).
  const { mutateAsync } = useMutation({
    mutationFn: ({ action, uids }: { action: BulkAction; uids: readonly string[] }) =>
      runInBatches({
        uids,
        send: sendFor(action),
        isCancelled: () => cancelled.current,
        onProgress: (progress, sofar) =>
          setRun((current) => ({
            phase: 'running',
            action,
            progress,
            outcome: { ...sofar },
            cancelling: current.phase === 'running' && current.cancelling,
          })),
      }),
    onSuccess: (outcome, { action }) => setRun({ phase: 'done', action, outcome }),
    onSettled: () => client.invalidateQueries({ queryKey: userQueries.all() }),
  });

  const start = useCallback(
    (action: BulkAction, uids: readonly string[]): Promise<BulkOutcome> => {
      cancelled.current = false;
      return mutateAsync({ action, uids });
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
