import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { paths } from '@/config/paths';
import { senderOf } from '../item-info';
import { MessageFacts } from '../review/message-facts';
import { FlagReports } from './flag-reports';
import { stillVisible } from './flagged-item';

/**
 * Why a flagged message waits, in the conversation panel: its flags with every reporter linked to
 * their user page, whether users still see it, and links to the sender and the message.
 */
export function FlagDetails({ item }: { item: FlaggedMessage }) {
  const sender = senderOf(item);
  return (
    <Box component="section" aria-labelledby="flag-details-title">
      <Typography variant="h3" id="flag-details-title" sx={{ mb: 1 }}>
        Flags on message {item.id}
      </Typography>
      <MessageFacts
        message={item}
        rows={[
          ['Flags', <FlagReports key="flags" item={item} linked />],
          ['Users see it', stillVisible(item) ? 'Yes, it is still visible' : 'No, it is deleted'],
          [
            'Sender',
            <Link key="sender" component={RouterLink} to={paths.user.href(sender.uid)}>
              {sender.name}
            </Link>,
          ],
          [
            'Message',
            <Link key="message" component={RouterLink} to={paths.message.href(item.id)}>
              Open the message
            </Link>,
          ],
        ]}
      />
    </Box>
  );
}
