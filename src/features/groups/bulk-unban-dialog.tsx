import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useUnsavedInput } from '@/components/leave-warning';
import { reasonMaxLength } from '@/api/schemas/explanation';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** The confirm step of a bulk unban: who, from which group, and an optional reason for the audit trail. */
export function BulkUnbanDialog({
  uids,
  groupName,
  onConfirm,
  onClose,
}: {
  uids: readonly string[];
  groupName: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  useUnsavedInput(reason !== '', 'The reason you are writing');
  const tooLong = reason.trim().length > reasonMaxLength;
  const count = uids.length === 1 ? '1 user' : `${uids.length} users`;
  return (
    <ConfirmDialog
      open
      title={`Unban ${count} from ${groupName}?`}
      confirmLabel={`Unban ${count}`}
      confirmDisabled={tooLong}
      onConfirm={() => onConfirm(reason.trim())}
      onClose={onClose}
    >
      <Typography>
        They are removed from the banned list of <strong>{groupName}</strong> and may join it again.
        They are not added back as members.
      </Typography>
      <Typography component="ul" variant="body2" color="textSecondary" sx={{ mt: 1, pl: 2.5 }}>
        {uids.slice(0, 8).map((uid) => (
          <li key={uid}>{uid}</li>
        ))}
        {uids.length > 8 ? <li>and {uids.length - 8} more</li> : null}
      </Typography>
      <TextField
        label="Reason (optional, kept in the audit trail)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        fullWidth
        sx={{ mt: 2 }}
        error={tooLong}
        helperText={
          tooLong
            ? `Keep the reason to ${reasonMaxLength} characters.`
            : `${reason.trim().length} / ${reasonMaxLength}`
        }
      />
    </ConfirmDialog>
  );
}
