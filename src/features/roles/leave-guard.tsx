import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** Warns before unsaved changes are lost: in-app navigation (router blocker) and closing or reloading the tab. */
export function LeaveGuard({ when, count, role }: { when: boolean; count: number; role: string }) {
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

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      open
      title="Leave without saving?"
      confirmLabel="Leave and discard changes"
      destructive
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    >
      {count === 1 ? 'One unsaved change' : `${count} unsaved changes`} to role “{role}” will be
      lost. Nothing has been sent to the service.
    </ConfirmDialog>
  );
}
