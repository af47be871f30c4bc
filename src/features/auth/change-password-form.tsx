import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { changePassword } from '@/api/auth';
import { describeError } from '@/api/errors';
import { ApiError } from '@/api/api-error';
import { sessionQueries } from '@/api/queries/session';
import { applyServerErrors } from '@/utils/form-errors';
import { passwordFormSchema, type PasswordFormValues } from './password-form-schema';

const fields = ['currentPassword', 'newPassword', 'repeat'] as const;

/**
 * The operator's own new password. `forced`: the current one was set by an admin or the CLI and the
 * console allows nothing else until it is replaced; it is not asked again then.
 */
export function ChangePasswordForm({
  username,
  forced,
  onChanged,
}: {
  username: string;
  forced: boolean;
  onChanged: () => void;
}) {
  const client = useQueryClient();
  const schema = useMemo(() => passwordFormSchema({ username, forced }), [username, forced]);
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
  });
  const mutation = useSingleMutation({
    mutationFn: (values: PasswordFormValues) =>
      changePassword({
        newPassword: values.newPassword,
        ...(forced ? {} : { currentPassword: values.currentPassword }),
      }),
    onSuccess: (session) => {
      client.setQueryData(sessionQueries.current().queryKey, session);
      onChanged();
    },
    onError: (error) => {
      if (error instanceof ApiError) applyServerErrors(error.details, fields, form.setError);
    },
  });
  const { errors } = form.formState;
  const fieldErrors = mutation.error instanceof ApiError && mutation.error.details;
  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit((values) => mutation.mutate(values))(e)}
    >
      <Stack spacing={2}>
        {mutation.isError && !fieldErrors ? (
          <Alert severity="error">{describeError(mutation.error)}</Alert>
        ) : null}
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={username} />
        {forced ? null : (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={!!errors.currentPassword}
            helperText={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={!!errors.newPassword}
          helperText={
            errors.newPassword?.message ??
            'At least 12 characters, not a common password, not containing your username; a passphrase is best.'
          }
          {...form.register('newPassword')}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          error={!!errors.repeat}
          helperText={errors.repeat?.message}
          {...form.register('repeat')}
        />
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Set password'}
        </Button>
      </Stack>
    </form>
  );
}
