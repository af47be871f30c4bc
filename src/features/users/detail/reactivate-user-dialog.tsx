import Typography from '@mui/material/Typography';
import { describeError } from '@/api/errors';
import type { ReactivateUsersResult } from '@/api/schemas/users-bulk';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useReactivateUser } from '../mutations';

/** What the service's buckets say happened to this one uid. */
export function reactivationWords(
  uid: string,
  result: ReactivateUsersResult | undefined,
): { message: string; ok: boolean } {
  if (!result)
    return {
      message: `The service accepted the reactivation of ${uid}; its answer could not be read.`,
      ok: true,
    };
  const has = (list: string[]) => list.some((item) => item.toLowerCase() === uid.toLowerCase());
  if (has(result.reactivatedUids)) return { message: `${uid} reactivated.`, ok: true };
  if (has(result.nonDeactivatedUids))
    return { message: `${uid} was already active; nothing changed.`, ok: true };
  if (has(result.notFound)) return { message: `${uid} was not found by the service.`, ok: false };
  return { message: `The service did not report on ${uid}.`, ok: false };
}

export function ReactivateUserDialog({ uid, onClose }: { uid: string; onClose: () => void }) {
  const notify = useNotify();
  const mutation = useReactivateUser();
  return (
    <ConfirmDialog
      open
      title={`Reactivate ${uid}?`}
      confirmLabel="Reactivate user"
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(uid, {
          onSuccess: (result) => {
            const words = reactivationWords(uid, result);
            notify(words.message, words.ok ? 'success' : 'error');
            onClose();
          },
        })
      }
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <Typography>
        <strong>{uid}</strong> will be able to log in again and will appear in the app’s user lists,
        with their messages and groups as they were.
      </Typography>
    </ConfirmDialog>
  );
}
