import { useCallback, useRef, useState } from 'react';

/**
 * One run at a time: `run(work)` starts `work` unless a run is still going, when it does nothing.
 * The check is synchronous, so two events that arrive before the page re-renders (both clicks of a
 * double-click, a key pressed twice) cannot both start one; `running` is for showing it.
 */
export function useSingleFlight() {
  const current = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback(async (work: () => Promise<void>): Promise<void> => {
    if (current.current) return;
    current.current = true;
    setRunning(true);
    try {
      await work();
    } finally {
      current.current = false;
      setRunning(false);
    }
  }, []);
  const isRunning = useCallback(() => current.current, []);
  return { run, running, isRunning };
}
