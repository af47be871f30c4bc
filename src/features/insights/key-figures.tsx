import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Insights } from '@/api/schemas/insights';
import { formatCount } from '@/utils/format';
import { formatDuration } from '@/utils/format-duration';
import { KeyFigure } from '@/components/key-figure';

/** The range's key figures: decisions, median time to decision, and the queue now. */
export function KeyFigures({ figures, range }: { figures: Insights; range: string }) {
  const { totals, timeToDecision, queue } = figures;
  const unknownNote =
    timeToDecision.unknown > 0
      ? `${formatCount(timeToDecision.unknown)} decided item(s) never listed by the console: rule and wait unknown`
      : undefined;
  return (
    <Paper variant="outlined" component="section" aria-label="Key figures" sx={{ p: 2.5 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        <KeyFigure
          label={`Decisions, ${range}`}
          value={formatCount(totals.decided)}
          note={`${formatCount(totals.approved)} approved, ${formatCount(totals.rejected)} rejected, ${formatCount(totals.deleted)} deleted`}
        />
        <KeyFigure
          label="Median time to decision"
          value={formatDuration(timeToDecision.medianSeconds)}
          note={`from sending, over ${formatCount(timeToDecision.measured)} decision(s)`}
        />
        <KeyFigure
          label="Waiting now"
          value={queue.now ? `${formatCount(queue.now.size)}${queue.now.complete ? '' : '+'}` : '—'}
          note={queue.now ? undefined : (queue.problem ?? undefined)}
        />
        <KeyFigure
          label="Oldest waiting"
          value={
            queue.now?.oldestSentAt != null
              ? formatDuration(figures.to / 1000 - queue.now.oldestSentAt)
              : '—'
          }
        />
      </Box>
      {unknownNote ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {unknownNote}.
        </Typography>
      ) : null}
    </Paper>
  );
}
