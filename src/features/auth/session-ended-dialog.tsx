import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { sessionQueries } from '@/api/queries/session';
import { SignInForm } from './sign-in-form';
import { SignInMethods } from './sign-in-methods';
import { openSsoPopup } from './sso-popup';
import { useSessionGate } from './use-session-gate';

function waiting(writes: number, operator: string): string {
  const kept = 'this page and what you typed stay as they are.';
  // Not counted: a gesture may stand behind several calls (a decision and its claim, say).
  if (writes === 0) return `Sign in to carry on: ${kept}`;
  return `What you asked for waits to be sent as ${operator} once you sign in again; ${kept}`;
}

/**
 * Sign-in in place once the session ended while the page was open: the page stays mounted behind
 * it, calls wait for the sign-in (`session-gate.ts`) and then go on, and nothing typed is lost.
 */
export function SessionEndedDialog() {
  const gate = useSessionGate();
  const client = useQueryClient();
  const location = useLocation();
  const titleId = useId();
  const [popupBlocked, setPopupBlocked] = useState(false);
  const stopPopup = useRef<() => void>(undefined);
  const endedFor = gate.endedFor;
  useEffect(() => () => stopPopup.current?.(), []);
  if (endedFor === undefined) return null;

  const signedIn = () => {
    stopPopup.current?.();
    const session = client.getQueryData(sessionQueries.current().queryKey);
    // Another operator: everything on the page is read again under their role.
    if (session && session.username !== endedFor) void client.invalidateQueries();
  };
  const sso = () => {
    stopPopup.current?.();
    const popup = openSsoPopup(() => {
      void client.fetchQuery({ ...sessionQueries.current(), staleTime: 0 }).then(() => signedIn());
    });
    stopPopup.current = popup.stop;
    setPopupBlocked(!popup.opened);
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Your session has ended</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {waiting(gate.waitingWrites, endedFor)}
        </DialogContentText>
        {popupBlocked ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The browser blocked the sign-in window. Allow pop-ups for this console and try again.
          </Alert>
        ) : null}
        <SignInMethods next={location.pathname + location.search} onSso={sso}>
          <SignInForm username={endedFor} onSignedIn={signedIn} />
        </SignInMethods>
      </DialogContent>
    </Dialog>
  );
}
