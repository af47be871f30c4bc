import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { isRepeatClick } from '@/utils/repeat-click';

/**
 * The confirm step of a destructive or on-behalf action. `children` must say exactly what will happen;
 * the confirm button names the action ("Delete reason"), never just "OK". The second click of a
 * double-click on it is ignored; with `pending` (from a useSingleMutation) the confirm stays inert
 * until the request has its answer.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
  pending?: boolean;
  destructive?: boolean;
  confirmDisabled?: boolean;
  /** Why the last attempt failed, shown above `children`; nothing when empty. */
  error?: ReactNode;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.pending ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent id={bodyId}>
        {props.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {props.error}
          </Alert>
        ) : null}
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={props.destructive ? 'error' : 'primary'}
          onClick={(event) => {
            if (!isRepeatClick(event)) props.onConfirm();
          }}
          disabled={props.pending || props.confirmDisabled}
        >
          {props.pending ? 'Working…' : props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
