import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import type { Explanation } from '@/api/explanation';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import {
  DecisionExplanation,
  draftTooLong,
  emptyDraft,
  explanationOf,
  useReasonList,
} from '../queue/decision-explanation';
import { senderOf } from '../item-info';
import type { FlagKind } from './use-flag-review';

const words: Record<FlagKind, { title: string; text: string; confirm: string }> = {
  approve: {
    title: 'Approve',
    text: 'The message stays visible; the flags are closed.',
    confirm: 'Approve',
  },
  block: {
    title: 'Block',
    text: 'The message is hidden from users; the flags are upheld.',
    confirm: 'Block',
  },
};

/** "message 42 from Ann Lee". */
export const flagName = (item: FlaggedMessage) => `message ${item.id} from ${senderOf(item).name}`;

/** Confirms an approve or block of one or more flagged items, with an optional reason and note. */
export function FlagReviewDialog({
  kind,
  items,
  onClose,
  onConfirm,
}: {
  kind: FlagKind;
  items: readonly FlaggedMessage[];
  onClose: () => void;
  onConfirm: (explanation: Explanation | undefined) => void;
}) {
  const [draft, setDraft] = useState(emptyDraft);
  const reasons = useReasonList();
  const what = items.length === 1 ? flagName(items[0]!) : `${items.length} flagged messages`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!draftTooLong(draft)) onConfirm(explanationOf(draft, reasons));
        }}
      >
        <DialogTitle>
          {words[kind].title} {what}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{words[kind].text}</DialogContentText>
          <DecisionExplanation draft={draft} onChange={setDraft} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            color={kind === 'block' ? 'error' : 'primary'}
            disabled={draftTooLong(draft)}
          >
            {words[kind].confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
