import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `when` holds, holds navigation to another page until the returned blocker is answered
 * (`proceed` or `reset`), and has the browser ask before the tab is closed or reloaded (browsers show
 * their own words there, never ours). A router holds one blocker at a time.
 */
export function useLeaveBlocker(when: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
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

/**
 * Asks before the page is left while long work runs (`useLeaveBlocker`). Render it only while the
 * work runs.
 */
export function LeaveWarning({ message }: { message: string }) {
  const titleId = useId();
  const bodyId = useId();
  const blocker = useLeaveBlocker(true);

  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog
      open
      onClose={() => blocker.reset()}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Leave this page?</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => blocker.reset()}>
          Stay
        </Button>
        <Button onClick={() => blocker.proceed()}>Leave anyway</Button>
      </DialogActions>
    </Dialog>
  );
}
