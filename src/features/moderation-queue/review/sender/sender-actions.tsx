import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Hint } from '@/components/hint';
import { deniedReason } from '@/config/capabilities';
import { useOperator } from '@/features/auth/use-session';
import { BanConfirmDialog, DeactivateConfirmDialog } from './sender-confirm-dialogs';
import { useSenderActions, type Sender, type SenderGroup } from './use-sender-actions';

function Denied({ reason, children }: { reason: string | undefined; children: React.ReactNode }) {
  return (
    <Hint title={reason}>
      <span>{children}</span>
    </Hint>
  );
}

/**
 * Ban the sender from the group the message went to, or deactivate their account (admins), each after
 * a confirm that names the user and the group and asks the reason the audit trail keeps; the result
 * says what happened and offers Undo (unban, reactivate).
 */
export function SenderActions({ sender, group }: { sender: Sender; group: SenderGroup | null }) {
  const operator = useOperator();
  const [dialog, setDialog] = useState<'ban' | 'deactivate' | null>(null);
  const { ban, deactivate, confirmBan, confirmDeactivate, result, undoing } = useSenderActions(
    sender,
    () => setDialog(null),
  );
  const banDenied = operator.can('manageBans') ? undefined : deniedReason('manageBans');
  const accountDenied = operator.can('manageUserAccounts')
    ? undefined
    : deniedReason('manageUserAccounts');

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {group ? (
          <Denied reason={banDenied}>
            <Button
              size="small"
              variant="outlined"
              color="error"
              disabled={banDenied !== undefined}
              onClick={() => {
                ban.reset();
                setDialog('ban');
              }}
            >
              Ban from {group.name}
            </Button>
          </Denied>
        ) : (
          <Typography variant="body2" color="textSecondary">
            A direct message: there is no group to ban the sender from.
          </Typography>
        )}
        <Denied reason={accountDenied}>
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={accountDenied !== undefined}
            onClick={() => {
              deactivate.reset();
              setDialog('deactivate');
            }}
          >
            Deactivate user
          </Button>
        </Denied>
      </Box>
      {accountDenied ? (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
          Deactivate user: {accountDenied}
        </Typography>
      ) : null}
      {result ? (
        <Alert
          severity={result.severity}
          sx={{ mt: 1 }}
          action={
            result.undo ? (
              <Button color="inherit" size="small" disabled={undoing} onClick={result.undo.run}>
                {result.undo.label}
              </Button>
            ) : undefined
          }
        >
          {result.text}
        </Alert>
      ) : null}
      {dialog === 'ban' && group ? (
        <BanConfirmDialog
          sender={sender}
          group={group}
          pending={ban.isPending}
          error={ban.error}
          onConfirm={(reason) => confirmBan(group, reason)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'deactivate' ? (
        <DeactivateConfirmDialog
          sender={sender}
          group={group}
          pending={deactivate.isPending}
          error={deactivate.error}
          onConfirm={confirmDeactivate}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Box>
  );
}
