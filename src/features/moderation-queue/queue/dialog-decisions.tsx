import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { DecidedNotice } from './conflict-notices';
import { decidedText, deciderName, sameOutcome, type DecidedElsewhere } from './decided-elsewhere';
import { itemId, shortName } from '../item-info';
import type { ReviewKind } from '../review-request';
import { consequence } from './override-dialog';

/** Decided since the dialog opened: what someone else decided, or null when that is not known. */
export type DecidedInDialog = ReadonlyMap<string, DecidedElsewhere | null>;

/** Items of the dialog still waiting for the moderator's answer to someone else's decision. */
export const unanswered = (
  items: readonly BlockedMessage[],
  decided: DecidedInDialog,
  overridden: ReadonlySet<string>,
) => items.filter((item) => decided.has(itemId(item)) && !overridden.has(itemId(item)));

function overriddenText(kind: ReviewKind, item: BlockedMessage, decided: DecidedElsewhere | null) {
  if (!decided)
    return `Decided elsewhere: ${shortName(item)}. Confirming decides it again over that decision; the audit trail records the override.`;
  return `${decidedText(decided)}: ${shortName(item)}. ${consequence({ kind, item, decided })} The audit trail records that you overrode ${deciderName(decided)}'s decision.`;
}

/**
 * Inside an open review dialog, one notice per item someone else decided since it opened (the live
 * queue, or a refusal, said so): keep their decision (the item leaves the dialog and the queue) or
 * override it (confirming then decides over it, on purpose).
 */
export function DialogDecisions(props: {
  kind: ReviewKind;
  items: readonly BlockedMessage[];
  decided: DecidedInDialog;
  overridden: ReadonlySet<string>;
  onKeep: (item: BlockedMessage) => void;
  onOverride: (item: BlockedMessage) => void;
}) {
  const { kind, items, decided, overridden } = props;
  const shown = items.filter((item) => decided.has(itemId(item)));
  if (shown.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {shown.map((item) => {
        const theirs = decided.get(itemId(item)) ?? null;
        if (overridden.has(itemId(item)))
          return (
            <Alert key={itemId(item)} severity="info">
              {overriddenText(kind, item, theirs)}
            </Alert>
          );
        const head = theirs ? decidedText(theirs) : 'Decided elsewhere since this dialog opened';
        const settled = theirs !== null && sameOutcome(kind, theirs);
        return (
          <DecidedNotice
            key={itemId(item)}
            text={`${head}: ${shortName(item)}. ${settled ? 'There is nothing left to do.' : 'Keep their decision, or override it.'}`}
            onKeep={() => props.onKeep(item)}
            onOverride={settled ? undefined : () => props.onOverride(item)}
          />
        );
      })}
    </Box>
  );
}
