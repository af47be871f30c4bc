import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useUnsavedInput } from '@/components/leave-warning';
import { describeError } from '@/api/errors';
import { ApiError } from '@/api/api-error';
import { idSchema } from '@/api/schemas/common';
import { reasonMaxLength, requiredReasonSchema } from '@/api/schemas/explanation';
import { z } from '@/api/zod';
import { useNotify } from '@/components/notifier';
import { useBanUser } from './mutations';

const banFormSchema = z.object({ uid: idSchema, reason: requiredReasonSchema });
type Values = z.input<typeof banFormSchema>;

/** The service's refusals that are about the uid, in plain words next to that field. */
const uidErrors: Record<string, (uid: string, group: string) => string> = {
  ERR_NOT_A_MEMBER: (uid, group) =>
    `${uid} is not a member of ${group}. Only members can be banned.`,
  ERR_ALREADY_BANNED: (uid, group) => `${uid} is already banned from ${group}.`,
  ERR_UID_NOT_FOUND: (uid) => `There is no user ${uid} (or they are deactivated).`,
  ERR_GROUP_NO_SELF_ACTION: (uid) => `${uid} cannot be banned by themselves.`,
};

/** Ban a member of the group by uid (given when banned from the members list), with the reason the audit trail keeps. */
export function BanUserDialog({
  guid,
  groupName,
  uid = '',
  onClose,
}: {
  guid: string;
  groupName: string;
  uid?: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const mutation = useBanUser(guid);
  const form = useForm<Values, unknown, z.output<typeof banFormSchema>>({
    resolver: zodResolver(banFormSchema),
    defaultValues: { uid, reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const { errors, isDirty } = form.formState;
  useUnsavedInput(isDirty, `The ban from ${groupName} you are writing`);

  const submit = (values: z.output<typeof banFormSchema>) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notify(`${values.uid} banned from ${groupName}.`);
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const words = uidErrors[error.code];
        const detail = error.details?.uid?.[0];
        if (words) form.setError('uid', { message: words(values.uid, groupName) });
        else if (detail) form.setError('uid', { message: detail });
      },
    });

  const fieldError =
    mutation.error instanceof ApiError &&
    (uidErrors[mutation.error.code] || mutation.error.details?.uid);
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>Ban a user from {groupName}</DialogTitle>
        <DialogContent>
          {mutation.isError && !fieldError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {describeError(mutation.error)}
            </Alert>
          ) : null}
          <Typography sx={{ mb: 2 }}>
            The member is removed from <strong>{groupName}</strong> ({guid}) and cannot join it
            again until unbanned. The chat service keeps no reason for a ban; yours is kept in the
            console’s audit trail.
          </Typography>
          <TextField
            {...form.register('uid')}
            label="User id (uid)"
            required
            fullWidth
            error={errors.uid !== undefined}
            helperText={errors.uid?.message ?? 'The uid of a member of the group.'}
          />
          <TextField
            {...form.register('reason')}
            label="Reason (kept in the audit trail)"
            required
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            error={errors.reason !== undefined}
            helperText={errors.reason?.message ?? `${reason.length} / ${reasonMaxLength}`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={mutation.isPending}>
            {mutation.isPending ? 'Working…' : 'Ban user'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
