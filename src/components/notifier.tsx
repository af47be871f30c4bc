import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Severity = 'success' | 'info' | 'warning' | 'error';
interface Note {
  id: number;
  message: string;
  severity: Severity;
}
type Notify = (message: string, severity?: Severity) => void;

const NotifierContext = createContext<Notify | null>(null);

/** One polite live region for toasts; errors stay until dismissed. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [note, setNote] = useState<Note | null>(null);
  const notify = useCallback<Notify>((message, severity = 'success') => {
    setNote({ id: Date.now(), message, severity });
  }, []);
  const value = useMemo(() => notify, [notify]);
  const close = () => setNote(null);
  return (
    <NotifierContext.Provider value={value}>
      {children}
      <Snackbar
        key={note?.id}
        open={note !== null}
        autoHideDuration={note?.severity === 'error' ? null : 5000}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert onClose={close} severity={note?.severity ?? 'info'} variant="filled" sx={{ width: '100%' }}>
          {note?.message}
        </Alert>
      </Snackbar>
    </NotifierContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifierContext);
  if (!notify) throw new Error('useNotify must be used inside NotifierProvider');
  return notify;
}
