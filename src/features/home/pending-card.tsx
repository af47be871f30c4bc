import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { describeError } from '@/api/errors';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime, formatRelative } from '@/utils/format';

/**
 * The one number a moderator opens the console for: how many blocked messages wait, and for how long,
 * as far as the service's one list reaches ("50+" when it is full).
 */
export function PendingCard() {
  const summary = useQuery(blockedMessageQueries.summary());
  let body;
  if (summary.isPending) {
    body = <Typography color="textSecondary">Counting pending messages…</Typography>;
  } else if (summary.isError) {
    body = (
      <Typography color="error">
        The queue could not be read: {describeError(summary.error)}
      </Typography>
    );
  } else if (summary.data.count === 0 && !summary.data.capped) {
    body = <Typography>The queue is clear: no blocked message waits for review.</Typography>;
  } else {
    const { count, capped, limit, unreadable, oldestBlockedAt } = summary.data;
    body = (
      <>
        <Typography component="p" sx={{ fontSize: '2.25rem', fontWeight: 600, lineHeight: 1.2 }}>
          {formatCount(count)}
          {capped ? '+' : ''}{' '}
          <Typography component="span" sx={{ fontSize: '1rem', fontWeight: 400 }}>
            pending {count === 1 && !capped ? 'message' : 'messages'}
          </Typography>
        </Typography>
        {oldestBlockedAt !== undefined ? (
          <Typography color="textSecondary">
            {capped ? `Oldest of the ${limit} listed blocked ` : 'Oldest blocked '}
            <time
              dateTime={new Date(oldestBlockedAt * 1000).toISOString()}
              title={formatDateTime(oldestBlockedAt)}
            >
              {formatRelative(oldestBlockedAt)}
            </time>
          </Typography>
        ) : null}
        {capped ? (
          <Typography variant="body2" color="textSecondary">
            The service lists up to {limit} blocked messages at a time; more may be waiting.
          </Typography>
        ) : null}
        {unreadable > 0 ? (
          <Typography variant="body2" color="textSecondary">
            {unreadable === 1 ? '1 listed item' : `${unreadable} listed items`} could not be read;
            the queue shows {unreadable === 1 ? 'it' : 'them'}.
          </Typography>
        ) : null}
      </>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="home-pending-title"
      sx={{ p: 2.5 }}
    >
      <Typography variant="h2" id="home-pending-title" sx={{ mb: 1 }}>
        Blocked messages
      </Typography>
      <Box role="status" sx={{ minHeight: 72 }}>
        {body}
      </Box>
      <Button component={RouterLink} to={paths.blocked.href()} variant="contained" sx={{ mt: 2 }}>
        Open the review queue
      </Button>
    </Paper>
  );
}
