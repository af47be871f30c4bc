import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { describeItem, ruleLabel, senderOf } from '../item-info';
import type { OptionPlace } from '../review/review-list';
import { MarkBadges, marksLabel, type ReviewMarks } from '../review/review-marks';
import { ReviewOption } from '../review/review-option';

export const optionId = (messageId: string) => `queue-item-${messageId}`;

/** The place comes as separate values, so that memo keeps an unchanged item from rendering again. */
interface Props extends OptionPlace, ReviewMarks {
  item: BlockedMessage;
  /** "Already rejected by sam at 14:02": the moderator's action was refused over it. */
  decidedOtherwise?: string | undefined;
  selectable: boolean;
}

/** One option of the blocked queue: the message, its claims and what became of it, and its rule. */
export const QueueItem = memo(function QueueItem({
  item,
  decidedElsewhere,
  decidedOtherwise,
  goneNote,
  reviewer,
  mine,
  selectable,
  ...place
}: Props) {
  const { message } = item;
  const sender = senderOf(message);
  const marks = { decidedElsewhere, goneNote, reviewer, mine };
  const label = [
    decidedElsewhere ? marksLabel(marks) : '',
    decidedOtherwise ? `${decidedOtherwise}: ` : '',
    decidedElsewhere ? '' : marksLabel(marks),
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
          <MarkBadges {...marks} />
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
