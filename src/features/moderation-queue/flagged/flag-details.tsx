import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { paths } from '@/config/paths';
import { senderOf } from '../item-info';
import { FlagReports } from './flag-reports';
import { stillVisible } from './flagged-item';

/** The active item's flags with every reporter linked to their user page, and the message's page. */
export function FlagDetails({ item }: { item: FlaggedMessage }) {
  const sender = senderOf(item);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="flag-details-title"
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography variant="h2" id="flag-details-title" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Flags on message {item.id}
      </Typography>
      <Typography variant="body2">
        Sent by{' '}
        <Link component={RouterLink} to={paths.user.href(sender.uid)}>
          {sender.name}
        </Link>
        . {stillVisible(item) ? 'Users still see it.' : 'It is deleted.'}{' '}
        <Link component={RouterLink} to={paths.message.href(item.id)}>
          Open the message
        </Link>
      </Typography>
      <Box sx={{ mt: 1 }}>
        <FlagReports item={item} linked />
      </Box>
    </Paper>
  );
}
