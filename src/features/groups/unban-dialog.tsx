import Typography from '@mui/material/Typography';
import { describeError } from '@/api/errors';
import type { User } from '@/api/schemas/user';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useUnbanUser } from './mutations';

export function UnbanDialog({
  guid,
  groupName,
  user,
  onClose,
}: {
  guid: string;
  groupName: string;
  user: User;
  onClose: () => void;
}) {
  const notify = useNotify();
  const mutation = useUnbanUser(guid);
  return (
    <ConfirmDialog
      open
      title={`Unban ${user.name}?`}
      confirmLabel="Unban user"
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(user.uid, {
          onSuccess: () => {
            notify(`${user.name} (${user.uid}) unbanned from ${groupName}.`);
            onClose();
          },
        })
      }
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <Typography>
        <strong>{user.name}</strong> ({user.uid}) is removed from the banned list of{' '}
        <strong>{groupName}</strong> and may join the group again. They are not added back as a
        member.
      </Typography>
    </ConfirmDialog>
  );
}
