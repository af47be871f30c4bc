import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '@/api/errors';
import type { Operator } from '@/api/schemas/console';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useRemoveOperator } from './mutations';
import { roleLabels } from './role-labels';

export function RemoveOperatorDialog({
  operator,
  onClose,
}: {
  operator: Operator;
  onClose: () => void;
}) {
  const remove = useRemoveOperator();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(operator.username);
      notify(`Operator ${operator.username} removed.`);
      onClose();
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  return (
    <ConfirmDialog
      open
      title={`Remove operator ${operator.username}?`}
      confirmLabel="Remove operator"
      destructive
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => void confirm()}
      error={error}
    >
      <Typography>
        {operator.username} ({roleLabels[operator.role]}) will be signed out at once and can no
        longer sign in. Their past actions stay in the audit log.
      </Typography>
    </ConfirmDialog>
  );
}
