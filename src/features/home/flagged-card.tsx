import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { describeError } from '@/api/errors';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';

/** How many flagged messages wait and how many reports they carry, from the service's one list. */
export function FlaggedCard() {
  const summary = useQuery(flaggedMessageQueries.summary());
  let text: string;
  if (summary.isPending) text = 'Counting flagged messages…';
  else if (summary.isError)
    text = `The flagged list could not be read: ${describeError(summary.error)}`;
  else if (summary.data.count === 0 && !summary.data.capped)
    text = 'No flagged message waits for review.';
  else {
    const { count, capped, reports } = summary.data;
    text = `${formatCount(count)}${capped ? '+' : ''} flagged ${count === 1 && !capped ? 'message waits' : 'messages wait'}, with ${formatCount(reports)} ${reports === 1 ? 'report' : 'reports'}.`;
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="home-flagged-title"
      sx={{ p: 2.5 }}
    >
      <Typography variant="h2" id="home-flagged-title" sx={{ mb: 1 }}>
        Flagged messages
      </Typography>
      <Box role="status">
        <Typography color={summary.isError ? 'error' : undefined}>{text}</Typography>
      </Box>
      <Button component={RouterLink} to={paths.flagged.href()} variant="outlined" sx={{ mt: 2 }}>
        Open the flagged queue
      </Button>
    </Paper>
  );
}
