import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Message } from '@/api/schemas/message';
import { DateTime } from '@/components/date-time';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { paths } from '@/config/paths';
import { previewOf, senderNameOf } from '../message-preview';

function Content({ message }: { message: Message }) {
  const deleted = message.deletedAt !== undefined;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', maxWidth: { xs: 240, lg: 420 } }}>
      {deleted ? <Chip size="small" label="Deleted" color="warning" variant="outlined" /> : null}
      <Typography
        variant="body2"
        noWrap
        sx={{ minWidth: 0, ...(deleted ? { fontStyle: 'italic', color: 'text.secondary' } : {}) }}
      >
        {previewOf(message)}
      </Typography>
    </Box>
  );
}

/** The search's results: when, who (to their user page), where, what; each row opens its message. */
export const searchResultSpec: PagedTableSpec<Message> = {
  label: 'Search results',
  noun: 'message',
  loadingLabel: 'Searching messages',
  rowId: (message) => message.id,
  columns: [
    valueColumn('id', 'Message', (message) => (
      <Link
        component={RouterLink}
        to={paths.message.href(message.id)}
        aria-label={`Message ${message.id}`}
      >
        {message.id}
      </Link>
    )),
    valueColumn('sentAt', 'Sent', (message) => <DateTime seconds={message.sentAt} />),
    valueColumn('sender', 'Sender', (message) => (
      <Link
        component={RouterLink}
        to={paths.user.href(message.sender)}
        aria-label={`Sender ${senderNameOf(message)} (${message.sender})`}
      >
        {senderNameOf(message)}
      </Link>
    )),
    valueColumn('conversation', 'Conversation', (message) => message.conversationId),
    valueColumn('kind', 'Kind', (message) => `${message.category} · ${message.type}`),
    valueColumn('content', 'Content', (message) => <Content message={message} />),
  ],
};
