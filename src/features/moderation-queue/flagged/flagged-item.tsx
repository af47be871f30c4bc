import Chip from '@mui/material/Chip';
import { memo } from 'react';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { receiverOf, senderOf } from '../item-info';
import { messageSummary } from '../message-content';
import type { OptionPlace } from '../review/review-list';
import { MarkBadges, marksLabel, type ReviewMarks } from '../review/review-marks';
import { ReviewOption } from '../review/review-option';
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

/**
 * One option of the flagged listbox: the message, who else reviews it or who decided it meanwhile,
 * its visibility and who flagged it and why.
 */
export const FlaggedItem = memo(function FlaggedItem({
  item,
  selectable,
  decidedElsewhere,
  goneNote,
  reviewer,
  mine,
  ...place
}: OptionPlace & ReviewMarks & { item: FlaggedMessage; selectable: boolean }) {
  const marks = { decidedElsewhere, goneNote, reviewer, mine };
  return (
    <ReviewOption
      id={flaggedOptionId(item.id)}
      message={item}
      place={place}
      label={`${marksLabel(marks)}${describeFlagged(item)}`}
      selectable={selectable}
      disabled={decidedElsewhere}
      badges={
        <>
          <MarkBadges {...marks} />
          <Chip
            size="small"
            variant="outlined"
            label={stillVisible(item) ? 'Still visible' : 'Deleted'}
          />
        </>
      }
    >
      <FlagReports item={item} linked={false} />
    </ReviewOption>
  );
});
