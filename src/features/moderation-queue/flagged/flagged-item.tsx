import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { formatDateTime, formatRelative, isoFromSeconds } from '@/utils/format';
import { receiverOf, senderOf } from '../item-info';
import { MessageContent, messageSummary } from '../message-content';
import { SenderAvatar } from '../queue/sender-avatar';
import { FlagReports, flagSummary } from './flag-reports';

export const flaggedOptionId = (id: string) => `flagged-item-${id}`;

/** Whether users still see the message: a flag alone hides nothing; a deletion does. */
export const stillVisible = (item: FlaggedMessage) => item.deletedAt === undefined;

export function describeFlagged(item: FlaggedMessage): string {
  const sender = senderOf(item);
  const receiver = receiverOf(item);
  const to = receiver.isGroup ? `group ${receiver.name}` : receiver.name;
  return `${sender.name} to ${to}, ${flagSummary(item)}, ${stillVisible(item) ? 'still visible' : 'deleted'}: ${messageSummary(item, 120)}`;
}

interface Props {
  item: FlaggedMessage;
  active: boolean;
  checked: boolean;
  selectable: boolean;
  position: number;
  setSize: number;
}

/** One option of the flagged listbox: the message, its visibility and who flagged it and why. */
export const FlaggedItem = memo(function FlaggedItem({
  item,
  active,
  checked,
  selectable,
  position,
  setSize,
}: Props) {
  const sender = senderOf(item);
  const receiver = receiverOf(item);
  return (
    <Box
      component="li"
      role="option"
      id={flaggedOptionId(item.id)}
      data-id={item.id}
      aria-selected={selectable ? checked : active}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-label={describeFlagged(item)}
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
      }}
    >
      {selectable ? (
        <Box
          data-toggle
          aria-hidden
          sx={{ pt: 0.75, color: checked ? 'primary.main' : 'text.secondary', display: 'flex' }}
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
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <Typography component="span" variant="subtitle2">
            {sender.name}
          </Typography>
          <Typography component="span" variant="body2" color="textSecondary">
            to {receiver.isGroup ? `group ${receiver.name}` : receiver.name}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={stillVisible(item) ? 'Still visible' : 'Deleted'}
          />
          <Typography
            component="span"
            variant="caption"
            color="textSecondary"
            title={formatDateTime(item.sentAt)}
            sx={{ ml: 'auto' }}
          >
            <time dateTime={isoFromSeconds(item.sentAt)}>{formatRelative(item.sentAt)}</time>
          </Typography>
        </Box>
        <Box sx={{ mt: 0.5 }}>
          <MessageContent message={item} clamp={3} />
        </Box>
        <FlagReports item={item} linked={false} />
      </Box>
    </Box>
  );
});
