import { ConfirmDialog } from '@/components/confirm-dialog';
import { useLeaveBlocker } from '@/components/leave-warning';

/** Warns before unsaved changes are lost: in-app navigation (router blocker) and closing or reloading the tab. */
export function LeaveGuard({ when, count, role }: { when: boolean; count: number; role: string }) {
  const blocker = useLeaveBlocker(when);

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
