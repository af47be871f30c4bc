import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { describeError } from '@/api/errors';
import { LeaveWarning } from '@/components/leave-warning';
import { useNotify } from '@/components/notifier';
import { formatCount } from '@/utils/format';
import { ExportOffer } from './export-offer';
import type { ExportSubject, StoredExport } from './export-store';
import type { ExportSource } from './paged-export';
import { useExportRun } from './use-export-run';

interface Props {
  source: ExportSource;
  /** What the tab keeps the export as, to offer it again after a reload. */
  subject: ExportSubject;
  /** The expected number of records when known (the reaction summary), else undefined. */
  expected: number | undefined;
  onClose: () => void;
  /** An export of this subject the tab kept when the page went away: offered to resume. */
  interrupted?: StoredExport | undefined;
}

/**
 * Pages through every record of `source` with a progress bar and Cancel, then downloads them as CSV.
 * The position is kept in the tab after every page: a 429 waits and goes on from the cursor, Retry
 * goes on from where it stopped, and after a reload the page offers to resume.
 */
export function ExportDialog({ source, subject, expected, onClose, interrupted }: Props) {
  const titleId = useId();
  const progressId = useId();
  const notify = useNotify();
  const [one, many] = source.noun;
  const count = (n: number) => `${formatCount(n)} ${n === 1 ? one : many}`;
  const { state, run, stop, retry } = useExportRun({
    source,
    subject,
    interrupted,
    onDone: (records) => {
      notify(`Exported ${count(records)} to CSV.`);
      onClose();
    },
  });
  const cancel = () => {
    stop();
    if (state.kind !== 'offer') notify('Export cancelled; nothing was downloaded.', 'info');
    onClose();
  };
  const loaded = state.kind === 'offer' ? (interrupted?.loaded ?? 0) : state.loaded;
  const total = expected === undefined ? undefined : Math.max(expected, loaded);
  const percent = total === undefined || total === 0 ? 100 : Math.round((loaded / total) * 100);
  const read =
    total === undefined
      ? `${count(loaded)} read`
      : `${formatCount(loaded)} of ${formatCount(total)} ${many} read`;

  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Export {source.what} to CSV</DialogTitle>
      {state.kind === 'running' ? (
        <LeaveWarning
          message={`An export is running: ${read}. Leave anyway? It stops, and can be resumed when you come back to this page.`}
        />
      ) : null}
      <DialogContent>
        {state.kind === 'offer' && interrupted ? (
          <ExportOffer what={source.what} stored={interrupted} total={total} />
        ) : null}
        {state.kind === 'failed' ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            The export stopped after {formatCount(state.loaded)} records.{' '}
            {describeError(state.error)}
          </Alert>
        ) : null}
        <Typography id={progressId} sx={{ mb: 1 }}>
          {read}
        </Typography>
        <LinearProgress
          variant={
            total === undefined && state.kind === 'running' ? 'indeterminate' : 'determinate'
          }
          value={percent}
          aria-labelledby={progressId}
        />
        {state.kind === 'running' && state.waitingSeconds !== undefined ? (
          <Typography role="status" color="warning.main" sx={{ mt: 1 }}>
            Waiting {state.waitingSeconds} s (rate limited)…
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{state.kind === 'offer' ? 'Discard' : 'Cancel'}</Button>
        {state.kind === 'offer' ? (
          <Button
            variant={interrupted?.position ? 'outlined' : 'contained'}
            onClick={() => run(undefined)}
          >
            Start again
          </Button>
        ) : null}
        {state.kind === 'offer' && interrupted?.position ? (
          <Button variant="contained" onClick={() => run(interrupted.position ?? undefined)}>
            Resume
          </Button>
        ) : null}
        {state.kind === 'failed' ? (
          <Button variant="contained" onClick={retry}>
            Retry
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
