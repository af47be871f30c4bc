import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { formatCount } from '@/utils/format';
import type { BulkAction, BulkOutcome } from './bulk-batches';
import { BulkConfirmStep, typedCountMatches } from './bulk-confirm-step';
import { BulkProgressStep } from './bulk-progress-step';
import { BulkSummary } from './bulk-summary';
import { useBulkRun, type BulkRun } from './use-bulk-run';

const users = (n: number) => `${formatCount(n)} ${n === 1 ? 'user' : 'users'}`;
const verb = { deactivate: 'Deactivate', reactivate: 'Reactivate' } as const;

function title(action: BulkAction, count: number, run: BulkRun): string {
  if (run.phase === 'running')
    return `${run.action === 'deactivate' ? 'Deactivating' : 'Reactivating'} ${users(run.progress.total)}`;
  if (run.phase === 'done') {
    const name = run.action === 'deactivate' ? 'Deactivation' : 'Reactivation';
    return run.outcome.cancelled ? `${name} cancelled` : `${name} finished`;
  }
  return `${verb[action]} ${users(count)}?`;
}

/** Confirm, run in batches with progress and Cancel, then the per-item summary with Retry failed and Undo. */
export function BulkDialog(props: {
  action: BulkAction;
  uids: readonly string[];
  onClose: (changed: boolean) => void;
}) {
  const titleId = useId();
  const bulk = useBulkRun();
  const { run } = bulk;
  const [typed, setTyped] = useState('');
  /** Uids this dialog deactivated and has not reactivated since: what Undo reactivates. */
  const [undoable, setUndoable] = useState<string[]>([]);

  const go = (action: BulkAction, uids: readonly string[]) => {
    void bulk.start(action, uids).then((outcome: BulkOutcome) => {
      const changed = new Set(outcome.done);
      setUndoable((current) =>
        action === 'deactivate'
          ? [...current, ...outcome.done]
          : current.filter((uid) => !changed.has(uid)),
      );
    });
  };

  const closable = run.phase !== 'running';
  const close = () => closable && props.onClose(run.phase === 'done');

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{title(props.action, props.uids.length, run)}</DialogTitle>
      {/* Focusable, so a long summary can be scrolled from the keyboard. */}
      <DialogContent tabIndex={0} role="region" aria-label="Details">
        {run.phase === 'idle' ? (
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
          />
        ) : (
          <BulkSummary action={run.action} outcome={run.outcome} />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {run.phase === 'idle' ? (
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
