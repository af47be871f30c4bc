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
import { useNotify } from '@/components/notifier';
import { formatCount } from '@/utils/format';
import { collectReactions, downloadBlob, exportFileName, reactionsToCsv } from './reaction-export';

interface Props {
  messageId: string;
  /** The selected reaction, or undefined for every reaction of the message. */
  reaction: string | undefined;
  /** The expected number of records, from the reaction summary. */
  expected: number;
  onClose: () => void;
}

type State =
  { kind: 'running'; loaded: number } | { kind: 'failed'; loaded: number; error: unknown };

/** Pages through every reaction record with a progress bar and Cancel, then downloads them as CSV. */
export function ExportDialog({ messageId, reaction, expected, onClose }: Props) {
  const titleId = useId();
  const progressId = useId();
  const notify = useNotify();
  const [state, setState] = useState<State>({ kind: 'running', loaded: 0 });
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    collectReactions({
      messageId,
      reaction,
      signal: abort.signal,
      onProgress: (loaded) => setState({ kind: 'running', loaded }),
    })
      .then((records) => {
        // A UTF-8 byte order mark lets spreadsheet programs read the emoji correctly.
        downloadBlob(
          new Blob(['\uFEFF', reactionsToCsv(records)], { type: 'text/csv;charset=utf-8' }),
          exportFileName(messageId, reaction),
        );
        notify(
          `Exported ${formatCount(records.length)} reaction${records.length === 1 ? '' : 's'} to CSV.`,
        );
        onClose();
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setState((previous) => ({ kind: 'failed', loaded: previous.loaded, error }));
      });
    return () => abort.abort();
    // `onClose` and `notify` are stable for the dialog's lifetime; restarting on them would re-export.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messageId, reaction, attempt]);

  const cancel = () => {
    controller.current?.abort();
    notify('Export cancelled; nothing was downloaded.', 'info');
    onClose();
  };
  const total = Math.max(expected, state.loaded);
  const percent = total === 0 ? 100 : Math.round((state.loaded / total) * 100);
  const what = reaction === undefined ? 'all reactions' : `the ${reaction} reactions`;

  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Export {what} to CSV</DialogTitle>
      <DialogContent>
        {state.kind === 'failed' ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            The export stopped after {formatCount(state.loaded)} records.{' '}
            {describeError(state.error)}
          </Alert>
        ) : null}
        <Typography id={progressId} sx={{ mb: 1 }}>
          {formatCount(state.loaded)} of {formatCount(total)} reactions read
        </Typography>
        <LinearProgress variant="determinate" value={percent} aria-labelledby={progressId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancel</Button>
        {state.kind === 'failed' ? (
          <Button
            variant="contained"
            onClick={() => {
              setState({ kind: 'running', loaded: 0 });
              setAttempt((n) => n + 1);
            }}
          >
            Retry
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
