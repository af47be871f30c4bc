import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { describeError } from '@/api/errors';
import type { Message } from '@/api/schemas/message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useDeleteMessage } from '../mutations';

interface Props {
  message: Message;
  /** Undefined when the operator may delete permanently; otherwise why not. */
  permanentDenied: string | undefined;
  onClose: () => void;
  onDeleted: (permanent: boolean) => void;
}

/** Soft or permanent deletion, with a confirm that says which one will happen. */
export function DeleteMessageDialog({ message, permanentDenied, onClose, onDeleted }: Props) {
  const labelId = useId();
  const notify = useNotify();
  const mutation = useDeleteMessage(message.id);
  const alreadyDeleted = message.deletedAt !== undefined;
  const [permanent, setPermanent] = useState(alreadyDeleted && permanentDenied === undefined);
  const impossible = alreadyDeleted && permanentDenied !== undefined;

  return (
    <ConfirmDialog
      open
      destructive
      title={
        permanent ? `Permanently delete message ${message.id}?` : `Delete message ${message.id}?`
      }
      confirmLabel={permanent ? 'Delete permanently' : 'Delete message'}
      pending={mutation.isPending}
      confirmDisabled={impossible}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(
          { permanent },
          {
            onSuccess: () => {
              notify(
                permanent
                  ? `Message ${message.id} permanently deleted.`
                  : `Message ${message.id} deleted.`,
              );
              onDeleted(permanent);
            },
          },
        )
      }
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <Typography id={labelId} sx={{ mb: 1 }}>
        How should the message be deleted?
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={permanent ? 'permanent' : 'soft'}
        onChange={(e) => setPermanent(e.target.value === 'permanent')}
      >
        <FormControlLabel
          value="soft"
          disabled={alreadyDeleted}
          control={<Radio />}
          label={
            alreadyDeleted
              ? 'Soft delete (already done)'
              : 'Soft delete: users no longer see it; it stays listed here as deleted'
          }
        />
        <FormControlLabel
          value="permanent"
          disabled={permanentDenied !== undefined}
          control={<Radio />}
          label="Delete permanently: the message and its reactions are removed for good"
        />
        {permanentDenied ? (
          <FormHelperText>Permanent deletion: {permanentDenied}</FormHelperText>
        ) : null}
      </RadioGroup>
      <Typography sx={{ mt: 2 }}>
        {permanent
          ? 'This cannot be undone. The message will no longer be found by id.'
          : 'Users will no longer see it; operators can still find it here, marked deleted.'}
      </Typography>
    </ConfirmDialog>
  );
}
