import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { describeError } from '@/api/errors';
import { useOperator } from '@/features/auth/use-session';
import { formatCount, formatDateTime } from '@/utils/format';
import { BulkDialog, users, type RestoredStart } from './bulk-dialog';
import { answeredCount, type BulkRunRecord } from './bulk-run-record';
import { clearBulkRun, useInterruptedBulkRun } from './bulk-run-store';
import { BulkSummary } from './bulk-summary';
import { useUnknownCheck, type UnknownCheck } from './use-unknown-check';

const noun = { deactivate: 'deactivation', reactivate: 'reactivation' } as const;
const opposite = { deactivate: 'reactivate', reactivate: 'deactivate' } as const;

function CheckState({ state }: { state: UnknownCheck }) {
  if (state.phase === 'checking')
    return (
      <Typography role="status" sx={{ mt: 1 }}>
        Checking {formatCount(state.checked)} of {formatCount(state.total)}…
        {state.waitingSeconds === undefined
          ? ''
          : ` Waiting ${state.waitingSeconds} s (rate limited)…`}
      </Typography>
    );
  if (state.phase === 'failed')
    return <Typography sx={{ mt: 1 }}>The check stopped. {describeError(state.error)}</Typography>;
  if (state.phase === 'done' && state.errors.length > 0) {
    const [first] = state.errors;
    return (
      <Typography sx={{ mt: 1 }}>
        {formatCount(state.errors.length)} could not be checked and are still unknown
        {first ? ` (${first.code}: ${first.message})` : ''}.
      </Typography>
    );
  }
  return null;
}

function Banner({
  record,
  onStart,
}: {
  record: BulkRunRecord;
  onStart: (how: RestoredStart) => void;
}) {
  const headingId = useId();
  const check = useUnknownCheck();
  const { outcome, action } = record;
  // Another operator may have signed in to this tab since: only an admin may send the writes.
  const mayWrite = useOperator().can('manageUserAccounts');
  const checking = check.state.phase === 'checking';
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        <AlertTitle id={headingId} component="h2">
          A bulk {noun[action]} was interrupted: {formatCount(answeredCount(outcome))} of{' '}
          {formatCount(record.uids.length)} done
        </AlertTitle>
        Started {formatDateTime(record.startedAt / 1000)}
        {record.operator ? ` by ${record.operator}` : ''}. The page went away before it finished;
        this is the summary as it stood.
        {outcome.unknown.length > 0
          ? ` ${users(outcome.unknown.length)} were in a batch already sent: that change may or may not have been applied, so check them before retrying.`
          : ''}
        <CheckState state={check.state} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          {outcome.unknown.length > 0 ? (
            <Button variant="outlined" disabled={checking} onClick={() => check.start(record)}>
              Check the {formatCount(outcome.unknown.length)} unknown
            </Button>
          ) : null}
          {outcome.done.length > 0 ? (
            <Button
              disabled={checking || !mayWrite}
              onClick={() => onStart({ record, as: 'undo' })}
            >
              Undo: {opposite[action]} {users(outcome.done.length)}
            </Button>
          ) : null}
          {outcome.notSent.length > 0 ? (
            <Button
              disabled={checking || !mayWrite}
              onClick={() => onStart({ record, as: 'resume' })}
            >
              Resume: {action} the {formatCount(outcome.notSent.length)} not started
            </Button>
          ) : null}
          <Button disabled={checking} onClick={() => clearBulkRun()}>
            Dismiss
          </Button>
        </Box>
      </Alert>
      <Box
        tabIndex={0}
        role="region"
        aria-label="Summary of the interrupted run"
        sx={{ maxHeight: 360, overflow: 'auto', p: 1 }}
      >
        <BulkSummary action={action} outcome={outcome} interrupted />
      </Box>
    </Box>
  );
}

/**
 * After a reload (or a closed tab reopened with its session), the bulk run this tab had not finished:
 * what it had done, Undo for that, Resume for what it never sent, a check for the batch in flight.
 */
export function InterruptedBulkRun() {
  const record = useInterruptedBulkRun();
  const [started, setStarted] = useState<RestoredStart | null>(null);
  if (started) {
    const { record: from, as } = started;
    return (
      <BulkDialog
        action={as === 'undo' ? opposite[from.action] : from.action}
        uids={as === 'undo' ? from.outcome.done : from.outcome.notSent}
        restored={started}
        onClose={() => setStarted(null)}
      />
    );
  }
  return record ? <Banner key={record.id} record={record} onStart={setStarted} /> : null;
}
