import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUnsavedInput } from '@/components/leave-warning';
import { describeError } from '@/api/errors';
import { ApiError } from '@/api/api-error';
import { createOperatorBodySchema } from '@/api/schemas/console';
import { useNotify } from '@/components/notifier';
import { applyServerErrors } from '@/utils/form-errors';
import { useCreateOperator } from './mutations';
import { roleHelp, roleLabels, roles } from './role-labels';

type FormInput = z.input<typeof createOperatorBodySchema>;
type FormOutput = z.output<typeof createOperatorBodySchema>;
const fields = ['username', 'role', 'password'] as const;

/** Adds an operator with an initial password, which they can be told out of band. */
export function AddOperatorDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const create = useCreateOperator();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createOperatorBodySchema),
    defaultValues: { username: '', role: 'support', password: '' },
  });
  const { errors, isDirty } = form.formState;
  useUnsavedInput(isDirty, 'The operator you are adding');

  const submit = async (values: FormOutput) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync(values);
      notify(`Operator ${created.username} added as ${roleLabels[created.role]}.`);
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
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        <DialogTitle id={titleId}>Add operator</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              label="Username"
              required
              autoComplete="off"
              error={!!errors.username}
              helperText={
                errors.username?.message ??
                'Lower-case letters, digits, “.”, “_” and “-”; 2 to 32 characters.'
              }
              {...form.register('username')}
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Role"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? roleHelp[field.value]}
                >
                  {roles.map((role) => (
                    <MenuItem key={role} value={role}>
                      {roleLabels[role]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="Initial password"
              type="password"
              required
              autoComplete="new-password"
              error={!!errors.password}
              helperText={
                errors.password?.message ??
                'At least 12 characters, not a common password, not containing the username. They choose their own at their first sign-in.'
              }
              {...form.register('password')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add operator'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
