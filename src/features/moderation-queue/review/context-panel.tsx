import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageQueries } from '@/api/queries/messages';
import { userQueries } from '@/api/queries/users';
import { isRateLimited, retryWaitSeconds } from '@/api/retry-policy';
import type { Message } from '@/api/schemas/message';
import { UserLink } from '@/components/user-link';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { ConversationMessages } from './conversation-messages';
import { receiverOf, senderOf } from '../item-info';
import { RateLimitNotice } from './rate-limit-notice';
import { SenderAvatar } from './sender-avatar';
import { SenderPanel } from './sender/sender-panel';

function SenderDetails({ message }: { message: Message }) {
  const fallback = senderOf(message);
  const user = useQuery(userQueries.detail(fallback.uid));
  const name = user.data?.name ?? fallback.name;
  const role = user.data?.role ?? fallback.role;
  const receiver = receiverOf(message);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <SenderAvatar name={name} size={44} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          <UserLink uid={fallback.uid} />
          {role ? ` · role ${role}` : ''}
          {user.data?.status ? ` · ${user.data.status}` : ''}
        </Typography>
        {user.data?.deactivatedAt ? (
          <Chip size="small" label="Deactivated" sx={{ mt: 0.5 }} />
        ) : null}
        {user.isError ? (
          <Typography variant="body2" color="textSecondary">
            Profile not available.
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          To {receiver.isGroup ? `group ${receiver.name}` : receiver.name} (
          {receiver.isGroup ? receiver.id : <UserLink uid={receiver.id} />})
        </Typography>
      </Box>
    </Box>
  );
}

/** Messages shown before and after the blocked one. */
const contextSize = 4;

function Conversation({ message, noun }: { message: Message; noun: string }) {
  const around = useQuery(messageQueries.around(message.conversationId, message.id, contextSize));
  if (around.isPending) {
    return isRateLimited(around.failureReason) ? (
      <RateLimitNotice key={around.failureCount} seconds={retryWaitSeconds(around.failureReason)} />
    ) : (
      <LoadingState label="Loading the conversation" />
    );
  }
  if (around.isError)
    return (
      <ErrorState
        error={around.error}
        onRetry={() => void around.refetch()}
        title="The conversation could not be loaded"
      />
    );
  return (
    <ConversationMessages
      before={around.data.before}
      current={message}
      noun={noun}
      after={around.data.after}
    />
  );
}

interface Props {
  message: Message;
  /** "blocked", "flagged": what the message under review is. */
  noun: string;
  /** Why it is in the queue: the rule that blocked it, who flagged it. */
  details: ReactNode;
  onClose: () => void;
}

/**
 * The conversation around the active item, beside either queue: the sender, what can be done to
 * them, why the message is here, and the messages around it. It follows the active item as it moves.
 */
export function ContextPanel({ message, noun, details, onClose }: Props) {
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-label="Conversation context"
      sx={{
        p: 2,
        position: { md: 'sticky' },
        top: { md: 80 },
        maxHeight: { md: 'calc(100vh - 104px)' },
        overflowY: 'auto',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h2" sx={{ flex: 1 }}>
          Conversation context
        </Typography>
        <IconButton aria-label="Close the conversation panel" onClick={onClose} size="small">
          <CloseOutlined />
        </IconButton>
      </Box>
      <SenderDetails message={message} />
      <Box sx={{ mt: 1.5 }}>
        {/* Keyed by item: a result and its Undo belong to the item they were taken from. */}
        <SenderPanel key={message.id} message={message} />
      </Box>
      <Divider sx={{ my: 1.5 }} />
      {details}
      <Divider sx={{ my: 1.5 }} />
      <Conversation message={message} noun={noun} />
    </Paper>
  );
}
