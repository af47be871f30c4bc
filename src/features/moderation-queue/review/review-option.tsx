import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Message } from '@/api/schemas/message';
import { formatDateTime, formatRelative, isoFromSeconds } from '@/utils/format';
import { receiverOf, senderOf } from '../item-info';
import { MessageContent } from '../message-content';
import { SenderAvatar } from './sender-avatar';
import type { OptionPlace } from './review-list';

function Recipient({ message }: { message: Message }) {
  const receiver = receiverOf(message);
  return (
    <Typography
      component="span"
      variant="body2"
      color="textSecondary"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      to {receiver.isGroup ? <GroupsOutlined sx={{ fontSize: 16 }} aria-hidden /> : null}
      {receiver.isGroup ? `group ${receiver.name}` : receiver.name}
    </Typography>
  );
}

interface Props {
  /** The option's element id. */
  id: string;
  message: Message;
  place: OptionPlace;
  label: string;
  selectable: boolean;
  /** Shown but not actionable (decided elsewhere): no checkbox. */
  disabled?: boolean;
  /** Chips and notes after the sender's name, before the recipient and time. */
  badges?: ReactNode;
  /** What follows the message: the rule that blocked it, who flagged it. */
  children?: ReactNode;
}

/**
 * One option of a review listbox, the same layout in both queues: checkbox, sender avatar, sender,
 * badges, recipient and time, the message, then what the queue adds. It holds nothing focusable: the
 * listbox owns focus and keys.
 */
export function ReviewOption({
  id,
  message,
  place,
  label,
  selectable,
  disabled = false,
  badges,
  children,
}: Props) {
  const { active, checked } = place;
  const sender = senderOf(message);
  return (
    <Box
      component="li"
      role="option"
      id={id}
      data-id={message.id}
      aria-selected={selectable ? checked : active}
      aria-posinset={place.position}
      aria-setsize={place.setSize}
      aria-label={label}
      aria-disabled={disabled || undefined}
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
            visibility: disabled ? 'hidden' : 'visible',
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
          {badges}
          <Recipient message={message} />
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
        {children}
      </Box>
    </Box>
  );
}
