import Typography from '@mui/material/Typography';
import { describeError } from '@/api/errors';
import type { ModerationReason } from '@/api/schemas/moderation-reason';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useDeleteReason } from './mutations';

export function DeleteReasonDialog({
  reason,
  onClose,
}: {
  reason: ModerationReason;
  onClose: () => void;
}) {
  const notify = useNotify();
  const mutation = useDeleteReason();
  return (
    <ConfirmDialog
      open
      destructive
      title={`Delete reason “${reason.name}”?`}
      confirmLabel="Delete reason"
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(reason.id, {
          onSuccess: () => {
            notify(`Reason “${reason.name}” deleted.`);
            onClose();
          },
        })
      }
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <Typography>
        The reason <strong>{reason.id}</strong> will be removed from the chat service. Users can no
        longer pick it when they flag a message; flags already made keep their reason id.
      </Typography>
    </ConfirmDialog>
  );
}
