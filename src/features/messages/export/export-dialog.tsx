import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { describeError } from '@/api/errors';
import { LeaveWarning } from '@/components/leave-warning';
import { useNotify } from '@/components/notifier';
import { downloadBlob } from '@/utils/download';
import { formatCount } from '@/utils/format';
import { ExportOffer } from './export-offer';
import { exportSlot, saveExport, type ExportSubject, type StoredExport } from './export-store';
import { collectPages, toCsv, type ExportPosition, type ExportSource } from './paged-export';

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

type State =
  | { kind: 'offer' }
  | { kind: 'running'; loaded: number; waitingSeconds: number | undefined }
  | { kind: 'failed'; loaded: number; error: unknown };

/** One run of the export: from the start, or on from a kept position. */
interface Attempt {
  n: number;
  from: ExportPosition | undefined;
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
  const [state, setState] = useState<State>(
    interrupted ? { kind: 'offer' } : { kind: 'running', loaded: 0, waitingSeconds: undefined },
  );
  const [attempt, setAttempt] = useState<Attempt | null>(
    interrupted ? null : { n: 0, from: undefined },
  );
  const position = useRef<ExportPosition | undefined>(undefined);
  /** Unix milliseconds; 0 until the first run starts. */
  const startedAt = useRef(interrupted?.startedAt ?? 0);
  const controller = useRef<AbortController | null>(null);
  const [one, many] = source.noun;
  const count = (n: number) => `${formatCount(n)} ${n === 1 ? one : many}`;

  useEffect(() => {
    if (!attempt) return;
    if (startedAt.current === 0) startedAt.current = Date.now();
    const abort = new AbortController();
    controller.current = abort;
    collectPages(source, {
      signal: abort.signal,
      from: attempt.from,
      onPage: (at) => {
        position.current = at;
        const loaded = at.rows.length;
        saveExport({ subject, loaded, position: at, startedAt: startedAt.current });
        setState({ kind: 'running', loaded, waitingSeconds: undefined });
      },
      onWait: (waitingSeconds) =>
        setState((previous) =>
          previous.kind === 'running' ? { ...previous, waitingSeconds } : previous,
        ),
    })
      .then((rows) => {
        exportSlot.clear();
        // A UTF-8 byte order mark lets spreadsheet programs read the emoji correctly.
        downloadBlob(
          new Blob(['\uFEFF', toCsv(source.header, rows)], { type: 'text/csv;charset=utf-8' }),
          source.fileName,
        );
        notify(`Exported ${count(rows.length)} to CSV.`);
        onClose();
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setState((previous) => ({
          kind: 'failed',
          loaded: previous.kind === 'offer' ? 0 : previous.loaded,
          error,
        }));
      });
    return () => abort.abort();
    // The source, subject, `onClose` and `notify` are fixed for the dialog's lifetime; only a new
    // attempt (Retry, Resume, Start again) starts reading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const run = (from: ExportPosition | undefined) => {
    position.current = from;
    if (!from) startedAt.current = Date.now();
    setState({ kind: 'running', loaded: from?.rows.length ?? 0, waitingSeconds: undefined });
    setAttempt((previous) => ({ n: (previous?.n ?? 0) + 1, from }));
  };
  const cancel = () => {
    controller.current?.abort();
    exportSlot.clear();
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
          <Button variant="contained" onClick={() => run(position.current)}>
            Retry
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
