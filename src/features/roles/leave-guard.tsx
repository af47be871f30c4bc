import { useUnsavedWork } from '@/components/leave-warning';

/** Warns before unsaved changes are lost: in-app navigation and closing or reloading the tab. */
export function LeaveGuard({ when, count, role }: { when: boolean; count: number; role: string }) {
  const changes = count === 1 ? 'One unsaved change' : `${count} unsaved changes`;
  useUnsavedWork(when, {
    title: 'Leave without saving?',
    message: `${changes} to role “${role}” will be lost. Nothing has been sent to the service.`,
    leaveLabel: 'Leave and discard changes',
  });
  return null;
}
