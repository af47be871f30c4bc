import { messageQueries } from '@/api/queries/messages';
import { UnsupportedItems } from '@/components/unsupported-items';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { describeError } from '@/api/errors';
import { DateTime } from '@/components/date-time';
import { LoadingState } from '@/components/loading-state';
import { EmptyState, ErrorState } from '@/components/states';
import { UserLink } from '@/components/user-link';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';
import type { ConversationFilters } from '@/api/messages';
import { previewOf, reactionTotalOf, senderNameOf } from '../message-preview';

/** The messages of one conversation, newest first, with "Load more" following the service's cursor. */
export function MessageList({ filters }: { filters: ConversationFilters }) {
  const messages = useInfiniteQuery(messageQueries.conversation(filters));
  const moreError = messages.isFetchNextPageError ? describeError(messages.error) : undefined;
  if (messages.isPending) return <LoadingState label="Loading messages" />;
  // A failed "Load more" keeps the pages already shown; only a failed first page replaces the list.
  if (messages.data === undefined)
    return <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />;
  const rows = messages.data.pages.flatMap((page) => page.data);
  const unsupported = messages.data.pages.flatMap((page) => page.unsupported);
  if (rows.length === 0 && unsupported.length === 0) {
    return (
      <EmptyState title="No messages" icon={<ForumOutlined />}>
        This conversation has no messages that match the filters.
      </EmptyState>
    );
  }

  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Messages">
          <TableHead>
            <TableRow>
              <TableCell>Id</TableCell>
              <TableCell>Sent</TableCell>
              <TableCell>Sender</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Content</TableCell>
              <TableCell align="right">Reactions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((message) => {
              const deleted = message.deletedAt !== undefined;
              return (
                <TableRow key={message.id} hover>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={paths.message.href(message.id)}
                      aria-label={`Message ${message.id}`}
                    >
                      {message.id}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <DateTime seconds={message.sentAt} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <UserLink uid={message.sender}>{senderNameOf(message)}</UserLink>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {message.category} · {message.type}
                  </TableCell>
                  <TableCell>
                    <Box
                      sx={{
                        display: 'flex',
                        gap: 1,
                        alignItems: 'center',
                        maxWidth: { xs: 220, lg: 320, xl: 480 },
                      }}
                    >
                      {deleted ? (
                        <Chip size="small" label="Deleted" color="warning" variant="outlined" />
                      ) : null}
                      {message.editedAt !== undefined && !deleted ? (
                        <Chip size="small" label="Edited" variant="outlined" />
                      ) : null}
                      <Typography
                        variant="body2"
                        noWrap
                        sx={{
                          minWidth: 0,
                          ...(deleted ? { fontStyle: 'italic', color: 'text.secondary' } : {}),
                        }}
                      >
                        {previewOf(message)}
                      </Typography>
                    </Box>
                  </TableCell>
                  <TableCell align="right">{formatCount(reactionTotalOf(message))}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Typography variant="body2" color="textSecondary" role="status">
          {formatCount(rows.length)} message{rows.length === 1 ? '' : 's'} shown
          {moreError ? ` · ${moreError}` : ''}
        </Typography>
        {messages.hasNextPage ? (
          <Button
            variant="outlined"
            onClick={() => void messages.fetchNextPage()}
            disabled={messages.isFetchingNextPage}
          >
            {messages.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : null}
      </Box>
      <UnsupportedItems items={unsupported} noun="message" />
    </>
  );
}
