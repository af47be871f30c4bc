import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface ToastNote {
  id: number;
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
}

/** The snackbar of the notifier; its own chunk, loaded with the first toast. Errors stay until dismissed. */
export default function Toast({ note, onClose }: { note: ToastNote | null; onClose: () => void }) {
  return (
    <Snackbar
      key={note?.id}
      open={note !== null}
      autoHideDuration={note?.severity === 'error' ? null : 5000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={onClose}
        severity={note?.severity ?? 'info'}
        variant="standard"
        sx={{ width: '100%', boxShadow: 6 }}
      >
        {note?.message}
      </Alert>
    </Snackbar>
  );
}
