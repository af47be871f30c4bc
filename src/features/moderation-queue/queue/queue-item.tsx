import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { describeItem, ruleLabel, senderOf } from '../item-info';
import type { OptionPlace } from '../review/review-list';
import { ReviewOption } from '../review/review-option';
import { reviewingText } from './live-events';

export const optionId = (messageId: string) => `queue-item-${messageId}`;

/** The place comes as separate values, so that memo keeps an unchanged item from rendering again. */
interface Props extends OptionPlace {
  item: BlockedMessage;
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
}

/** One option of the blocked queue: the message, its claims and what became of it, and its rule. */
export const QueueItem = memo(function QueueItem({
  item,
  decidedElsewhere,
  decidedOtherwise,
  goneNote,
  reviewer,
  mine = false,
  selectable,
  ...place
}: Props) {
  const { message } = item;
  const sender = senderOf(message);
  const othersClaim = reviewer && !decidedElsewhere ? reviewer : undefined;
  const label = [
    decidedElsewhere ? `Decided elsewhere${goneNote ? ` (${goneNote})` : ''}: ` : '',
    decidedOtherwise ? `${decidedOtherwise}: ` : '',
    othersClaim ? `${reviewingText(othersClaim)}: ` : '',
    describeItem(item),
  ].join('');
  return (
    <ReviewOption
      id={optionId(message.id)}
      message={message}
      place={place}
      label={label}
      selectable={selectable}
      disabled={decidedElsewhere}
      badges={
        <>
          {sender.role ? <Chip size="small" label={sender.role} variant="outlined" /> : null}
          {decidedElsewhere ? <Chip size="small" label={goneNote ?? 'Decided elsewhere'} /> : null}
          {othersClaim ? (
            <Chip
              size="small"
              variant="outlined"
              icon={<VisibilityOutlined />}
              label={reviewingText(othersClaim)}
            />
          ) : null}
          {mine && !decidedElsewhere ? (
            <Typography component="span" variant="caption" color="textSecondary">
              You are reviewing
            </Typography>
          ) : null}
          {decidedOtherwise ? <Chip size="small" color="warning" label={decidedOtherwise} /> : null}
        </>
      }
    >
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
        Blocked by {ruleLabel(item)}
      </Typography>
    </ReviewOption>
  );
});
