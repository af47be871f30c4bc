import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { describeError } from '@/api/errors';
import { insightsQueries } from '@/api/queries/insights';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';
import { formatDuration } from '@/utils/format-duration';
import { KeyFigure } from '@/components/key-figure';
import { Sparkline } from './sparkline';

/** A sparkline's words: the span of its values and the latest one. */
function trend(
  what: string,
  values: readonly (number | null)[],
  format: (n: number) => string,
): string {
  const known = values.filter((value) => value !== null);
  const latest = known.at(-1);
  if (latest === undefined) return what;
  return `${what}: from ${format(Math.min(...known))} to ${format(Math.max(...known))}, latest ${format(latest)}`;
}

/**
 * Three figures of the last 24 hours with their trend: decisions, items waiting, median time to
 * decision; the insights page has the rest.
 */
/** The range the key figures cover. */
export const keyFiguresRange = '24h';

export function KeyFigures() {
  const figures = useQuery(insightsQueries.range(keyFiguresRange));
  let body;
  if (figures.isPending) {
    body = <Typography color="textSecondary">Computing the figures…</Typography>;
  } else if (figures.isError) {
    body = (
      <Typography color="error">
        The figures could not be loaded: {describeError(figures.error)}
      </Typography>
    );
  } else {
    const { totals, decisions, queue, timeToDecision } = figures.data;
    const perHour = decisions.map((b) => b.approved + b.rejected + b.deleted);
    const medians = decisions.map((b) => b.medianSeconds);
    const sizes = queue.samples.map((point) => point.size);
    body = (
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        <KeyFigure
          label="Decisions, last 24 h"
          value={formatCount(totals.decided)}
          beside={
            <Sparkline
              values={perHour}
              label={trend('Decisions per hour, last 24 hours', perHour, formatCount)}
            />
          }
        />
        <KeyFigure
          label="Pending items"
          value={queue.now ? `${formatCount(queue.now.size)}${queue.now.complete ? '' : '+'}` : '—'}
          note={queue.now ? undefined : 'The queue could not be read.'}
          beside={
            <Sparkline
              values={sizes}
              label={trend('Pending items at each sample, last 24 hours', sizes, formatCount)}
            />
          }
        />
        <KeyFigure
          label="Median time to decision"
          value={formatDuration(timeToDecision.medianSeconds)}
          beside={
            <Sparkline
              values={medians}
              label={trend(
                'Median time to decision per hour, last 24 hours',
                medians,
                formatDuration,
              )}
            />
          }
        />
      </Box>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="home-figures-title"
      sx={{ p: 2.5, gridColumn: '1 / -1' }}
    >
      <Typography variant="h2" id="home-figures-title" sx={{ mb: 1 }}>
        Moderation, last 24 hours
      </Typography>
      <Box role="status" sx={{ minHeight: 72 }}>
        {body}
      </Box>
      <Button component={RouterLink} to={paths.insights.href()} sx={{ mt: 1 }}>
        Open moderation insights
      </Button>
    </Paper>
  );
}
