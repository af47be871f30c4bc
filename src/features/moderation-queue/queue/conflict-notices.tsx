import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId } from 'react';
import { decidedText, type Conflict } from './decided-elsewhere';
import { shortName } from '../item-info';

const attempted = {
  approve: 'approval',
  reject: 'rejection',
  delete: 'rejection after the delete',
} as const;

/**
 * Someone else's decision on an item, in words, with the moderator's two answers: keep it, or
 * override it (left out when the decision already does what the moderator wanted).
 */
export function DecidedNotice({
  text,
  onKeep,
  onOverride,
}: {
  text: string;
  onKeep: () => void;
  onOverride?: (() => void) | undefined;
}) {
  const textId = useId();
  return (
    <Alert
      severity="warning"
      aria-labelledby={textId}
      action={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button color="inherit" size="small" onClick={onKeep} aria-describedby={textId}>
            Keep their decision
          </Button>
          {onOverride ? (
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              onClick={onOverride}
              aria-describedby={textId}
            >
              Override
            </Button>
          ) : null}
        </Box>
      }
    >
      <span id={textId}>{text}</span>
    </Alert>
  );
}

/**
 * One notice per item whose action was refused because someone else had decided it the other way,
 * above the list so the keys of the queue keep working; the item itself shows the decision too.
 */
export function ConflictNotices(props: {
  conflicts: readonly Conflict[];
  onKeep: (c: Conflict) => void;
  onOverride: (c: Conflict) => void;
}) {
  if (props.conflicts.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1 }}>
      {props.conflicts.map((conflict) => (
        <DecidedNotice
          key={conflict.item.message.id}
          text={`${decidedText(conflict.decided)}: ${shortName(conflict.item)}. Your ${attempted[conflict.kind]} was not sent.`}
          onKeep={() => props.onKeep(conflict)}
          onOverride={() => props.onOverride(conflict)}
        />
      ))}
    </Box>
  );
}
