import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { formatDateTime, formatRelative, isoFromSeconds } from '@/utils/format';
import { describeItem, receiverOf, ruleLabel, senderOf } from '../item-info';
import { MessageContent } from '../message-content';
import { reviewingText } from './live-events';
import { SenderAvatar } from './sender-avatar';

export const optionId = (messageId: string) => `queue-item-${messageId}`;

interface Props {
  item: BlockedMessage;
  active: boolean;
  checked: boolean;
  /** The service no longer lists it as pending: shown until "show new", with no action. */
  decidedElsewhere: boolean;
  /** "Already rejected by sam at 14:02": the moderator's action was refused over it. */
  decidedOtherwise?: string | undefined;
  /** "Rejected by sam": why it left the service's list, when the live queue knows. */
  goneNote?: string | undefined;
  /** Someone else reviews it now (their claim). */
  reviewer?: string | undefined;
  /** The moderator's own claim. */
  mine?: boolean;
  selectable: boolean;
  position: number;
  setSize: number;
}

/** One option of the queue listbox. It holds nothing focusable: the listbox owns focus and keys. */
export const QueueItem = memo(function QueueItem({
  item,
  active,
  checked,
  decidedElsewhere,
  decidedOtherwise,
  goneNote,
  reviewer,
  mine = false,
  selectable,
  position,
  setSize,
}: Props) {
  const { message } = item;
  const sender = senderOf(message);
  const receiver = receiverOf(message);
  return (
    <Box
      component="li"
      role="option"
      id={optionId(message.id)}
      data-id={message.id}
      aria-selected={selectable ? checked : active}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-label={`${decidedElsewhere ? `Decided elsewhere${goneNote ? ` (${goneNote})` : ''}: ` : ''}${decidedOtherwise ? `${decidedOtherwise}: ` : ''}${reviewer && !decidedElsewhere ? `${reviewingText(reviewer)}: ` : ''}${describeItem(item)}`}
      aria-disabled={decidedElsewhere || undefined}
      sx={{
        display: 'flex',
        gap: 1.5,
        px: 1.5,
        py: 1.25,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: active ? 'primary.main' : 'transparent',
        bgcolor: active ? 'action.selected' : checked ? 'action.hover' : 'transparent',
        '&:hover': { bgcolor: active ? 'action.selected' : 'action.hover' },
      }}
    >
      {selectable ? (
        <Box
          data-toggle
          aria-hidden
          sx={{
            pt: 0.75,
            color: checked ? 'primary.main' : 'text.secondary',
            display: 'flex',
            visibility: decidedElsewhere ? 'hidden' : 'visible',
          }}
        >
          {checked ? (
            <CheckBoxOutlined fontSize="small" />
          ) : (
            <CheckBoxOutlineBlank fontSize="small" />
          )}
        </Box>
      ) : null}
      <SenderAvatar name={sender.name} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 1,
            rowGap: 0.5,
          }}
        >
          <Typography component="span" variant="subtitle2">
            {sender.name}
          </Typography>
          {sender.role ? <Chip size="small" label={sender.role} variant="outlined" /> : null}
          {decidedElsewhere ? <Chip size="small" label={goneNote ?? 'Decided elsewhere'} /> : null}
          {reviewer && !decidedElsewhere ? (
            <Chip
              size="small"
              variant="outlined"
              icon={<VisibilityOutlined />}
              label={reviewingText(reviewer)}
            />
          ) : null}
          {mine && !decidedElsewhere ? (
            <Typography component="span" variant="caption" color="textSecondary">
              You are reviewing
            </Typography>
          ) : null}
          {decidedOtherwise ? <Chip size="small" color="warning" label={decidedOtherwise} /> : null}
          <Typography
            component="span"
            variant="body2"
            color="textSecondary"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            to {receiver.isGroup ? <GroupsOutlined sx={{ fontSize: 16 }} aria-hidden /> : null}
            {receiver.isGroup ? `group ${receiver.name}` : receiver.name}
          </Typography>
          <Typography
            component="span"
            variant="caption"
            color="textSecondary"
            title={formatDateTime(message.sentAt)}
            sx={{ ml: 'auto' }}
          >
            <time dateTime={isoFromSeconds(message.sentAt)}>{formatRelative(message.sentAt)}</time>
          </Typography>
        </Box>
        <Box sx={{ mt: 0.5 }}>
          <MessageContent message={message} clamp={3} />
        </Box>
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
          Blocked by {ruleLabel(item)}
        </Typography>
      </Box>
    </Box>
  );
});
