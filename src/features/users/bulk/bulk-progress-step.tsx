import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatCount } from '@/utils/format';
import type { BulkAction, BulkOutcome, BulkProgress } from './bulk-batches';

export function BulkProgressStep(props: {
  action: BulkAction;
  progress: BulkProgress;
  outcome: BulkOutcome;
  cancelling: boolean;
  /** False when the tab would not keep the progress (storage full or off). */
  kept: boolean;
}) {
  const { progress, outcome } = props;
  const percent =
    progress.total === 0 ? 100 : Math.round((progress.processed / progress.total) * 100);
  const verb = props.action === 'deactivate' ? 'deactivated' : 'reactivated';
  return (
    <>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${formatCount(progress.processed)} of ${formatCount(progress.total)} users processed`}
        sx={{ height: 8, borderRadius: 1, mb: 2 }}
      />
      <Typography role="status">
        {formatCount(progress.processed)} of {formatCount(progress.total)} processed ·{' '}
        {formatCount(outcome.done.length)} {verb}
        {outcome.failed.length > 0 ? ` · ${formatCount(outcome.failed.length)} failed` : ''}
      </Typography>
      {progress.retryingInSeconds !== undefined ? (
        <Typography color="warning.main" sx={{ mt: 1 }}>
          Rate limited, retrying in {progress.retryingInSeconds} s.
        </Typography>
      ) : null}
      {props.kept ? null : (
        <Typography color="warning.main" sx={{ mt: 1 }}>
          This tab could not keep the progress: if the page is reloaded or closed now, this summary
          is lost.
        </Typography>
      )}
      {props.cancelling ? (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Cancelling: stopping after the batch in flight…
        </Typography>
      ) : null}
    </>
  );
}
