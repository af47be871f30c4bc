import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  lazy,
  Suspense,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import type { UnsavedWork } from './leave-dialog';

// The question's dialog loads the first time it is asked, not with the shell.
const LeaveDialog = lazy(() => import('./leave-dialog'));

type Register = (work: UnsavedWork) => () => void;
const LeaveGuardContext = createContext<Register | null>(null);

/**
 * While `held()` answers true, holds navigation to another page until the returned blocker is
 * answered (`proceed` or `reset`); while `when` holds, the browser asks before the tab is closed or
 * reloaded (browsers show their own words there, never ours). `held` is read at the moment of the
 * navigation, so input typed an instant before Back is covered. A router holds one blocker at a time:
 * only the shell's `LeaveGuardProvider` calls it.
 */
function useLeaveBlocker(held: () => boolean, when: boolean) {
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        held() && currentLocation.pathname !== nextLocation.pathname,
      [held],
    ),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return blocker;
}

let nextId = 0;

/**
 * The one leave warning of the app: every form, dialog or run with something to lose registers it
 * (`useUnsavedWork`), and leaving the page (a link, Back, closing the tab) asks first, in the words
 * of the most recent registration.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  // The ref answers the router at once; the state shows the words.
  const current = useRef<{ id: number; work: UnsavedWork }[]>([]);
  const [works, setWorks] = useState<{ id: number; work: UnsavedWork }[]>([]);
  const register = useCallback<Register>((work) => {
    const id = ++nextId;
    current.current = [...current.current, { id, work }];
    setWorks(current.current);
    return () => {
      current.current = current.current.filter((entry) => entry.id !== id);
      setWorks(current.current);
    };
  }, []);
  const held = useCallback(() => current.current.length > 0, []);
  const blocker = useLeaveBlocker(held, works.length > 0);
  const shown = works.at(-1)?.work;

  useEffect(() => {
    // The work ended while the question was open: nothing left to ask about.
    if (blocker.state === 'blocked' && !shown) blocker.reset();
  }, [blocker, shown]);

  return (
    <LeaveGuardContext.Provider value={register}>
      {children}
      {blocker.state === 'blocked' && shown ? (
        <Suspense fallback={null}>
          <LeaveDialog
            work={shown}
            onStay={() => blocker.reset()}
            onLeave={() => blocker.proceed()}
          />
        </Suspense>
      ) : null}
    </LeaveGuardContext.Provider>
  );
}

/** Asks before the page is left while `when` holds (`LeaveGuardProvider`). */
export function useUnsavedWork(when: boolean, { message, title, leaveLabel }: UnsavedWork) {
  const register = useContext(LeaveGuardContext);
  useEffect(() => {
    if (!when || !register) return;
    return register({ message, title, leaveLabel });
  }, [when, register, message, title, leaveLabel]);
}

/** Typed input that leaving would lose: `what` names it ("The new reason you are writing"). */
export function useUnsavedInput(dirty: boolean, what: string) {
  useUnsavedWork(dirty, {
    title: 'Leave without saving?',
    message: `${what} will be lost.`,
    leaveLabel: 'Leave and discard',
  });
}

/** Asks before the page is left while long work runs. Render it only while the work runs. */
export function LeaveWarning({ message }: { message: string }) {
  useUnsavedWork(true, { message });
  return null;
}
