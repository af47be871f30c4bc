import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '@/api/errors';
import type { Operator } from '@/api/schemas/console';
import type { OperatorRole } from '@/api/schemas/session';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useChangeOperatorRole } from './mutations';
import { roleHelp, roleLabels } from './role-labels';

/** The confirm step of a role change: who, from which role, to which, and what that lets them do. */
export function RoleChangeDialog({
  operator,
  role,
  onClose,
}: {
  operator: Operator;
  role: OperatorRole;
  onClose: () => void;
}) {
  const change = useChangeOperatorRole();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      const updated = await change.mutateAsync({ username: operator.username, role });
      notify(`${updated.username} is now ${roleLabels[updated.role]}.`);
      onClose();
    } catch (failure) {
      setError(`Role of ${operator.username} not changed: ${describeError(failure)}`);
    }
  };
  return (
    <ConfirmDialog
      open
      title={`Change the role of ${operator.username}?`}
      confirmLabel="Change role"
      pending={change.isPending}
      onClose={onClose}
      onConfirm={() => void confirm()}
      error={error}
    >
      <Typography>
        {operator.username} goes from {roleLabels[operator.role]} to {roleLabels[role]}, from their
        next request on. {roleLabels[role]}: {roleHelp[role]}. The change is recorded in the audit
        log.
      </Typography>
    </ConfirmDialog>
  );
}
