import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { useForm } from 'react-hook-form';
import { signIn } from '@/api/auth';
import { describeError } from '@/api/errors';
import { sessionQueries } from '@/api/queries/session';
import { loginBodySchema, type LoginBody } from '@/api/schemas/session';

export function SignInForm({
  onSignedIn,
  username = '',
}: {
  onSignedIn: () => void;
  /** Filled in already (signing in again after a session ended). */
  username?: string;
}) {
  const client = useQueryClient();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username, password: '' },
  });
  const mutation = useSingleMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      client.setQueryData(sessionQueries.current().queryKey, session);
      onSignedIn();
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit((values) => mutation.mutate(values))(e)}
    >
      <Stack spacing={2}>
        {mutation.isError ? <Alert severity="error">{describeError(mutation.error)}</Alert> : null}
        <TextField
          label="Username"
          autoComplete="username"
          error={!!errors.username}
          helperText={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={!!errors.password}
          helperText={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}
