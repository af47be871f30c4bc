import Box from '@mui/material/Box';
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
import { flatSettings } from './setting-changes';

interface Props {
  uid: string;
  current: NotificationPreferences;
  onClose: () => void;
  onReset: (before: NotificationPreferences, after: NotificationPreferences) => void;
}

/**
 * Before dropping the user's own notification choices: every setting with its value now, each going
 * back to the app's default. The chat service says what its defaults are only in its answer to the
 * reset (a read returns the user's choices merged with them), so the preview names no value it would
 * have to guess; the card shows what changed once the service has answered.
 */
export function ResetPreferencesDialog({ uid, current, onClose, onReset }: Props) {
  const notify = useNotify();
  const mutation = useResetNotificationPreferences(uid);
  const settings = flatSettings(current);
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
      {/* Scrolls on its own, reachable by keyboard, so the dialog's words and buttons stay in view. */}
      <Box
        role="region"
        aria-label="Settings and their values now"
        tabIndex={0}
        sx={{ maxHeight: '40vh', overflow: 'auto' }}
      >
        <Table size="small" stickyHeader aria-label="Settings the reset returns">
          <TableHead>
            <TableRow>
              <TableCell>Setting</TableCell>
              <TableCell>Now</TableCell>
              <TableCell>After the reset</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {settings.map((setting) => (
              <TableRow key={setting.key}>
                <TableCell component="th" scope="row">
                  {setting.label}
                </TableCell>
                <TableCell>{setting.value}</TableCell>
                <TableCell>The app’s default</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
        The chat service tells its defaults only in its answer to the reset, so they cannot be shown
        here beforehand. Once it has answered, this page lists each setting that changed, from what
        to what.
      </Typography>
    </ConfirmDialog>
  );
}
