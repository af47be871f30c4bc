import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** What would be lost by leaving, in the words the warning shows. */
export interface UnsavedWork {
  message: string;
  title?: string;
  leaveLabel?: string;
}

/** The leave warning's question: stay, or leave and lose what `work` names. */
export default function LeaveDialog(props: {
  work: UnsavedWork;
  onStay: () => void;
  onLeave: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const { title = 'Leave this page?', message, leaveLabel = 'Leave anyway' } = props.work;
  return (
    <Dialog
      open
      onClose={props.onStay}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onStay}>
          Stay
        </Button>
        <Button color="error" onClick={props.onLeave}>
          {leaveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
