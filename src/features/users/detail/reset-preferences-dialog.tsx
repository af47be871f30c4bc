import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { describeError } from '@/api/errors';
import type { NotificationPreferences } from '@/api/schemas/notification';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useResetNotificationPreferences } from '../mutations';
import { settingChanges, standardDefaults } from './notification-defaults';

interface Props {
  uid: string;
  current: NotificationPreferences;
  onClose: () => void;
  onReset: (before: NotificationPreferences, after: NotificationPreferences) => void;
}

/** Shows what changes (now → after the reset) before dropping the user's own notification choices. */
export function ResetPreferencesDialog({ uid, current, onClose, onReset }: Props) {
  const notify = useNotify();
  const mutation = useResetNotificationPreferences(uid);
  const changes = settingChanges(current, standardDefaults);
  return (
    <ConfirmDialog
      open
      title={`Reset notification preferences of ${uid}?`}
      confirmLabel="Reset to defaults"
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(undefined, {
          onSuccess: (after) => {
            notify(`Notification preferences of ${uid} reset to the defaults.`);
            if (after) onReset(current, after);
            onClose();
          },
        })
      }
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <Typography sx={{ mb: 2 }}>
        Every choice {uid} made is dropped and the app’s defaults apply again, on all of their
        devices. The user is not told.
      </Typography>
      {changes.length === 0 ? (
        <Typography>
          The preferences already match the standard defaults; nothing visible changes.
        </Typography>
      ) : (
        <Table size="small" aria-label="Changes the reset makes">
          <TableHead>
            <TableRow>
              <TableCell>Setting</TableCell>
              <TableCell>Now</TableCell>
              <TableCell>After the reset</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((change) => (
              <TableRow key={change.label}>
                <TableCell component="th" scope="row">
                  {change.label}
                </TableCell>
                <TableCell>{change.before}</TableCell>
                <TableCell>{change.after}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
        “After the reset” shows the standard defaults. If this app changed its defaults, the service
        applies those; the page shows the result.
      </Typography>
    </ConfirmDialog>
  );
}
