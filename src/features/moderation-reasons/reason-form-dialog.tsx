import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '@/api/zod';
import { describeError } from '@/api/errors';
import { ApiError } from '@/api/api-error';
import { idSchema } from '@/api/schemas/common';
import {
  reasonDescriptionSchema,
  reasonNameSchema,
  type ModerationReason,
} from '@/api/schemas/moderation-reason';
import { useUnsavedInput } from '@/components/leave-warning';
import { useNotify } from '@/components/notifier';
import { applyServerErrors } from '@/utils/form-errors';
import { useCreateReason, useUpdateReason } from './mutations';

const formSchema = z.object({
  id: idSchema.refine((id) => id === id.toLowerCase(), {
    error: 'Use lowercase letters (ids are lowercase)',
  }),
  name: reasonNameSchema,
  description: reasonDescriptionSchema,
});
type FormValues = z.infer<typeof formSchema>;
const fields = ['id', 'name', 'description'] as const;

/** Create a reason (`reason` undefined) or edit one; mounts with the loaded values. */
export function ReasonFormDialog({
  reason,
  onClose,
}: {
  reason?: ModerationReason;
  onClose: () => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const create = useCreateReason();
  const update = useUpdateReason();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      id: reason?.id ?? '',
      name: reason?.name ?? '',
      description: reason?.description ?? '',
    },
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;
  useUnsavedInput(
    form.formState.isDirty,
    reason ? `Your changes to reason “${reason.id}”` : 'The new reason you are writing',
  );

  const submit = async (values: FormValues) => {
    setFormError(null);
    try {
      if (reason) {
        await update.mutateAsync({
          id: reason.id,
          body: { name: values.name, description: values.description },
        });
        notify(`Reason “${values.name}” saved.`);
      } else {
        await create.mutateAsync({
          id: values.id,
          name: values.name,
          description: values.description || undefined,
        });
        notify(`Reason “${values.name}” created.`);
      }
      onClose();
    } catch (error) {
      const rest =
        error instanceof ApiError ? applyServerErrors(error.details, fields, form.setError) : [];
      setFormError([describeError(error), ...rest].join(' '));
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        <DialogTitle id={titleId}>
          {reason ? `Edit reason “${reason.id}”` : 'New moderation reason'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {reason ? null : (
              <TextField
                label="Id"
                required
                error={!!errors.id}
                helperText={
                  errors.id?.message ??
                  'Lowercase letters, digits, “_” and “-”; cannot be changed later.'
                }
                {...form.register('id')}
              />
            )}
            <TextField
              label="Name"
              required
              error={!!errors.name}
              helperText={
                errors.name?.message ?? 'Shown to moderators and users, at most 100 characters.'
              }
              {...form.register('name')}
            />
            <TextField
              label="Description"
              multiline
              minRows={2}
              error={!!errors.description}
              helperText={errors.description?.message ?? 'Optional, at most 255 characters.'}
              {...form.register('description')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Saving…' : reason ? 'Save' : 'Create reason'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
