import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ReactNode,
} from 'react';
import type { ToastAction, ToastNote } from './toast';

export type Notify = (
  message: string,
  severity?: ToastNote['severity'],
  action?: ToastAction,
) => void;

const NotifierContext = createContext<Notify | null>(null);
const Toast = lazy(() => import('./toast'));

/** Toasts for the outcome of an action, announced politely by the snackbar's alert. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [note, setNote] = useState<ToastNote | null>(null);
  const [used, setUsed] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'success', action) => {
    setUsed(true);
    setNote({ id: Date.now(), message, severity, action });
  }, []);
  return (
    <NotifierContext.Provider value={notify}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <Toast note={note} onClose={() => setNote(null)} />
        </Suspense>
      ) : null}
    </NotifierContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifierContext);
  if (!notify) throw new Error('useNotify must be used inside NotifierProvider');
  return notify;
}
