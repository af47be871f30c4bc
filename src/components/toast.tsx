import Alert from '@mui/material/Alert';
import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';

/** A button in the toast, for the one thing to do next (`Check now`). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastNote {
  id: number;
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  action?: ToastAction | undefined;
}

/**
 * The snackbar of the notifier; its own chunk, loaded with the first toast. Errors and toasts with an
 * action stay until dismissed.
 */
export default function Toast({ note, onClose }: { note: ToastNote | null; onClose: () => void }) {
  return (
    <Snackbar
      key={note?.id}
      open={note !== null}
      autoHideDuration={note?.severity === 'error' || note?.action ? null : 5000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={onClose}
        severity={note?.severity ?? 'info'}
        variant="standard"
        sx={{ width: '100%', boxShadow: 6 }}
        // Alert drops its close button when given an action, so the action brings its own.
        action={
          note?.action ? (
            <>
              <Button color="inherit" size="small" onClick={note.action.onClick}>
                {note.action.label}
              </Button>
              <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
                <Close fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
      >
        {note?.message}
      </Alert>
    </Snackbar>
  );
}
