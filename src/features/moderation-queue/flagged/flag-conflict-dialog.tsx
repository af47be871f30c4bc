import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { deciderName } from '../queue/decided-elsewhere';
import { flagName } from './flag-review-dialog';
import { flagDecidedText, type FlagConflict } from './use-flag-conflicts';

const overrideLabels = { approve: 'Override and approve', block: 'Override and block' } as const;

/** What deciding over their review changes, in words. */
const consequence = (conflict: FlagConflict) =>
  conflict.kind === 'approve'
    ? 'Approving it now makes the message visible again; their block no longer stands.'
    : 'Blocking it now hides the message; their approval no longer stands.';

/**
 * A review refused because someone else reviewed the flag the other way since: whose decision,
 * when, and the moderator's choice to keep it (the default) or override it (recorded in the audit).
 */
export function FlagConflictDialog({
  conflict,
  onKeep,
  onOverride,
}: {
  conflict: FlagConflict;
  onKeep: () => void;
  onOverride: () => void;
}) {
  const titleId = useId();
  const who = deciderName(conflict.decided);
  return (
    <Dialog open onClose={onKeep} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{flagDecidedText(conflict.decided)}</DialogTitle>
      <DialogContent>
        <DialogContentText gutterBottom>
          {who} reviewed {flagName(conflict.item)} since you opened it.
        </DialogContentText>
        <DialogContentText gutterBottom>{consequence(conflict)}</DialogContentText>
        <DialogContentText>
          Overriding is recorded in the audit trail with the decision it overrode.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onKeep}>
          Keep their decision
        </Button>
        <Button color="error" onClick={onOverride}>
          {overrideLabels[conflict.kind]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
