import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useId, useRef, useState } from 'react';
import { LeaveWarning } from '@/components/leave-warning';
import { formatCount } from '@/utils/format';
import type { BulkAction, BulkOutcome } from './bulk-batches';
import { BulkConfirmStep, typedCountMatches } from './bulk-confirm-step';
import { BulkProgressStep } from './bulk-progress-step';
import type { BulkRunRecord } from './bulk-run-record';
import { BulkSummary } from './bulk-summary';
import { useBulkRun, type BulkRun } from './use-bulk-run';

export const users = (n: number) => `${formatCount(n)} ${n === 1 ? 'user' : 'users'}`;
const verb = { deactivate: 'Deactivate', reactivate: 'Reactivate' } as const;
const verbing = { deactivate: 'Deactivating', reactivate: 'Reactivating' } as const;
const noun = { deactivate: 'deactivation', reactivate: 'reactivation' } as const;

/** An interrupted run taken up again from the Users page: Resume continues its record, Undo reverses its done part. */
export interface RestoredStart {
  record: BulkRunRecord;
  as: 'resume' | 'undo';
}

function title(action: BulkAction, count: number, run: BulkRun, restored: boolean): string {
  if (run.phase === 'idle' && restored) return `${verbing[action]} ${users(count)}`;
  if (run.phase === 'running') return `${verbing[run.action]} ${users(run.progress.total)}`;
  if (run.phase === 'done') {
    const name = run.action === 'deactivate' ? 'Deactivation' : 'Reactivation';
    return run.outcome.cancelled ? `${name} cancelled` : `${name} finished`;
  }
  return `${verb[action]} ${users(count)}?`;
}

/**
 * Confirm, run in batches with progress and Cancel, then the per-item summary with Retry failed and
 * Undo. A `restored` run starts at once: the operator chose it on the interrupted run's banner.
 */
export function BulkDialog(props: {
  action: BulkAction;
  uids: readonly string[];
  onClose: (changed: boolean) => void;
  restored?: RestoredStart | undefined;
}) {
  const titleId = useId();
  const bulk = useBulkRun();
  const { run } = bulk;
  const { restored } = props;
  const [typed, setTyped] = useState('');
  /** Uids this dialog's run deactivated and it has not reactivated since: what Undo reactivates. */
  const [undoable, setUndoable] = useState<string[]>(() =>
    restored?.as === 'resume' && restored.record.action === 'deactivate'
      ? [...restored.record.outcome.done]
      : [],
  );

  const go = (action: BulkAction, uids: readonly string[], continuing?: BulkRunRecord) => {
    void bulk.start(action, uids, continuing).then((outcome: BulkOutcome) => {
      const changed = new Set(outcome.done);
      // A resumed run's outcome repeats the done part of its earlier run, already in `current`.
      setUndoable((current) =>
        action === 'deactivate'
          ? [...current.filter((uid) => !changed.has(uid)), ...outcome.done]
          : current.filter((uid) => !changed.has(uid)),
      );
    });
  };

  const autoStarted = useRef(false);
  useEffect(() => {
    if (!restored || autoStarted.current) return;
    autoStarted.current = true;
    go(props.action, props.uids, restored.as === 'resume' ? restored.record : undefined);
    // Once, on opening: the props of a restored dialog never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const closable = run.phase !== 'running' && !(restored && run.phase === 'idle');
  const close = () => closable && props.onClose(run.phase === 'done');

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {title(props.action, props.uids.length, run, restored !== undefined)}
      </DialogTitle>
      {run.phase === 'running' ? (
        <LeaveWarning
          message={`A bulk ${noun[run.action]} is running: ${formatCount(run.progress.processed)} of ${formatCount(run.progress.total)} done. Leave anyway? It stops after the current batch.`}
        />
      ) : null}
      {/* Focusable, so a long summary can be scrolled from the keyboard. */}
      <DialogContent tabIndex={0} role="region" aria-label="Details">
        {run.phase === 'idle' && restored ? (
          <LinearProgress aria-label="Starting" />
        ) : run.phase === 'idle' ? (
          <BulkConfirmStep
            action={props.action}
            uids={props.uids}
            typed={typed}
            onTypedChange={setTyped}
          />
        ) : run.phase === 'running' ? (
          <BulkProgressStep
            action={run.action}
            progress={run.progress}
            outcome={run.outcome}
            cancelling={run.cancelling}
            kept={run.kept}
          />
        ) : (
          <BulkSummary action={run.action} outcome={run.outcome} />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {run.phase === 'idle' && restored ? null : run.phase === 'idle' ? (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button
              // Outlined: white text on the dark theme's error colour is below 4.5:1.
              variant={props.action === 'deactivate' ? 'outlined' : 'contained'}
              color={props.action === 'deactivate' ? 'error' : 'primary'}
              disabled={!typedCountMatches(props.uids.length, typed)}
              onClick={() => go(props.action, props.uids)}
            >
              {verb[props.action]} {users(props.uids.length)}
            </Button>
          </>
        ) : run.phase === 'running' ? (
          <Button onClick={bulk.cancel} disabled={run.cancelling}>
            {run.cancelling ? 'Cancelling…' : 'Cancel'}
          </Button>
        ) : (
          <>
            {run.outcome.failed.length > 0 ? (
              <Button
                onClick={() =>
                  go(
                    run.action,
                    run.outcome.failed.map((item) => item.uid),
                  )
                }
              >
                Retry failed ({formatCount(run.outcome.failed.length)})
              </Button>
            ) : null}
            {run.outcome.notSent.length > 0 ? (
              <Button onClick={() => go(run.action, run.outcome.notSent)}>
                Send the {formatCount(run.outcome.notSent.length)} not sent
              </Button>
            ) : null}
            {undoable.length > 0 ? (
              <Button onClick={() => go('reactivate', undoable)}>
                Undo: reactivate {users(undoable.length)}
              </Button>
            ) : null}
            <Button variant="contained" onClick={close}>
              Close
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
