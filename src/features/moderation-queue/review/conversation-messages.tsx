import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Message } from '@/api/schemas/message';
import { formatDateTime, isoFromSeconds } from '@/utils/format';
import { senderOf } from '../item-info';
import { MessageContent } from '../message-content';

function Line({ message, highlight }: { message: Message; highlight: boolean }) {
  const status = message.data.moderation?.status;
  return (
    <Box
      component="li"
      aria-current={highlight ? 'true' : undefined}
      sx={{
        p: 1,
        borderRadius: 1,
        border: 1,
        borderColor: highlight ? 'primary.main' : 'transparent',
        bgcolor: highlight ? 'action.selected' : 'transparent',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="span" variant="subtitle2">
          {senderOf(message).name}
        </Typography>
        <Typography component="span" variant="caption" color="textSecondary">
          <time dateTime={isoFromSeconds(message.sentAt)}>{formatDateTime(message.sentAt)}</time>
        </Typography>
        {highlight ? <Chip size="small" color="primary" label="Under review" /> : null}
        {!highlight && status === 'pending' ? (
          <Chip size="small" variant="outlined" label="Blocked" />
        ) : null}
        {!highlight && status === 'disapproved' ? (
          <Chip size="small" variant="outlined" label="Rejected" />
        ) : null}
      </Box>
      <MessageContent message={message} />
    </Box>
  );
}

/** The messages before and after the one under review, in time order, with that one marked. */
export function ConversationMessages({
  before,
  current,
  noun,
  after,
}: {
  before: readonly Message[];
  current: Message;
  /** "blocked", "flagged". */
  noun: string;
  after: readonly Message[];
}) {
  return (
    <Box>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        Around this message
      </Typography>
      <Box
        component="ol"
        aria-label={`Messages around the ${noun} one`}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
      >
        {before.length === 0 ? (
          <Typography component="li" variant="body2" color="textSecondary" sx={{ p: 1 }}>
            Nothing earlier in this conversation.
          </Typography>
        ) : null}
        {before.map((message) => (
          <Line key={message.id} message={message} highlight={false} />
        ))}
        <Line message={current} highlight />
        {after.map((message) => (
          <Line key={message.id} message={message} highlight={false} />
        ))}
        {after.length === 0 ? (
          <Typography component="li" variant="body2" color="textSecondary" sx={{ p: 1 }}>
            Nothing later in this conversation.
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
