import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { messageQueries } from '@/api/queries/messages';
import { userQueries } from '@/api/queries/users';
import { isRateLimited, retryWaitSeconds } from '@/api/retry-policy';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { DateTime } from '@/components/date-time';
import { UserLink } from '@/components/user-link';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { ConversationMessages } from './conversation-messages';
import { receiverOf, senderOf } from '../item-info';
import { RateLimitNotice } from './rate-limit-notice';
import { SenderAvatar } from './sender-avatar';
import { SenderPanel } from './sender/sender-panel';

function SenderDetails({ item }: { item: BlockedMessage }) {
  const fallback = senderOf(item.message);
  const user = useQuery(userQueries.detail(fallback.uid));
  const name = user.data?.name ?? fallback.name;
  const role = user.data?.role ?? fallback.role;
  const receiver = receiverOf(item.message);
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

function RuleDetails({ item }: { item: BlockedMessage }) {
  const reasons = item.condition?.message ?? [];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        fontSize: '0.875rem',
      }}
    >
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        Rule
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {item.ruleName ?? item.ruleId}
        {item.ruleName ? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            ({item.ruleId})
          </Box>
        ) : null}
      </Box>
      {reasons.length > 0 ? (
        <>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            Why
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {reasons.join('; ')}
          </Box>
        </>
      ) : null}
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        Sent
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        <DateTime seconds={item.message.sentAt} />
      </Box>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        Message id
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {item.message.id}
      </Box>
    </Box>
  );
}

/** Messages shown before and after the blocked one. */
const contextSize = 4;

function Conversation({ item }: { item: BlockedMessage }) {
  const around = useQuery(
    messageQueries.around(item.message.conversationId, item.message.id, contextSize),
  );
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
      blocked={item.message}
      after={around.data.after}
    />
  );
}

/** The conversation around the active item, beside the queue; it follows the active item as it moves. */
export function ContextPanel({ item, onClose }: { item: BlockedMessage; onClose: () => void }) {
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
      <SenderDetails item={item} />
      <Box sx={{ mt: 1.5 }}>
        {/* Keyed by item: a result and its Undo belong to the item they were taken from. */}
        <SenderPanel key={item.message.id} item={item} />
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <RuleDetails item={item} />
      <Divider sx={{ my: 1.5 }} />
      <Conversation item={item} />
    </Paper>
  );
}
