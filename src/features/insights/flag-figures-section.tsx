import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Insights } from '@/api/schemas/insights';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { UserLink } from '@/components/user-link';
import { formatCount } from '@/utils/format';
import { formatDuration } from '@/utils/format-duration';
import { flagFigures, type FlagTally } from './flag-figures';
import { FigureTable } from './figure-table';
import { formatRate } from './figures-format';

const columns = [
  { header: 'Waiting', numeric: true },
  { header: 'Decided', numeric: true },
  { header: 'Upheld (blocked)', numeric: true },
  { header: 'Upheld share', numeric: true },
];

const cells = (row: FlagTally) => [
  formatCount(row.waiting),
  formatCount(row.decided),
  formatCount(row.upheld),
  formatRate(row.upheldShare),
];

/**
 * Flags per reason and per reporter with the share upheld: a reporter rarely upheld is noise. The
 * median time to decision is the console server's figure (`flagTimeToDecision` of the insights).
 */
export function FlagFiguresSection({
  timeToDecision,
}: {
  /** Undefined while the insights load; null when the service's reviewed list was not read. */
  timeToDecision: Insights['flagTimeToDecision'] | undefined;
}) {
  const pending = useQuery(flaggedMessageQueries.list({ poll: false }));
  const reviewed = useQuery(blockedMessageQueries.reviewed());
  let body;
  if (pending.isPending || reviewed.isPending) body = <LoadingState label="Counting the flags" />;
  else if (pending.isError || reviewed.isError)
    body = (
      <ErrorState
        error={pending.error ?? reviewed.error}
        title="The flags could not be counted"
        onRetry={() => void Promise.all([pending.refetch(), reviewed.refetch()])}
      />
    );
  else {
    const figures = flagFigures(pending.data.data, reviewed.data.flags);
    body = (
      <>
        {timeToDecision === null ? (
          <Typography variant="body2">
            Median time to decision for flags: not known, the service&apos;s reviewed list could not
            be read.
          </Typography>
        ) : timeToDecision ? (
          <Typography variant="body2">
            Median time to decision for flags: {formatDuration(timeToDecision.medianSeconds)}, from
            the first report, over {formatCount(timeToDecision.measured)} decided{' '}
            {timeToDecision.measured === 1 ? 'flag' : 'flags'}.
          </Typography>
        ) : null}
        <FigureTable
          caption="Flag reports per reason"
          columns={[{ header: 'Reason' }, ...columns]}
          rows={figures.reasons.map((row) => ({ key: row.key, cells: [row.label, ...cells(row)] }))}
        />
        <FigureTable
          caption="Flag reports per reporter"
          columns={[{ header: 'Reporter' }, ...columns]}
          rows={figures.reporters.map((row) => ({
            key: row.key,
            cells: [
              <UserLink key="user" uid={row.key}>
                {row.label}
              </UserLink>,
              ...cells(row),
            ],
          }))}
        />
      </>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="insights-flags-title"
      sx={{ p: 2.5, mt: 2, display: 'grid', gap: 2 }}
    >
      <Typography variant="h2" id="insights-flags-title">
        Flags
      </Typography>
      <Typography variant="body2" color="textSecondary">
        Reports per reason and per reporter, and the share of decided reports whose message was
        blocked, as far as the service lists flags now (whatever the range above).
      </Typography>
      {body}
    </Paper>
  );
}
