import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '@/api/errors';
import { deniedReason } from '@/config/capabilities';
import { useOperator } from '@/features/auth/use-session';
import { ReasonConfirmDialog } from './reason-confirm-dialog';
import { useAccountChange, useGroupBan, type AccountChange } from './sender-mutations';

export interface Sender {
  uid: string;
  name: string;
}

export interface SenderGroup {
  guid: string;
  name: string;
}

interface Result {
  severity: 'success' | 'error' | 'info';
  text: string;
  undo?: { label: string; run: () => void };
}

const who = (sender: Sender) => `${sender.name} (${sender.uid})`;

function Denied({ reason, children }: { reason: string | undefined; children: React.ReactNode }) {
  return (
    <Tooltip title={reason ?? ''}>
      <span>{children}</span>
    </Tooltip>
  );
}

const accountWords = (change: AccountChange, sender: Sender, verb: string, already: string) =>
  change === 'changed'
    ? `${who(sender)} ${verb}.`
    : change === 'unchanged'
      ? `${who(sender)} was ${already}; nothing changed.`
      : `${who(sender)} was not found by the chat service; nothing changed.`;

/**
 * Ban the sender from the group the message went to, or deactivate their account (admins), each after
 * a confirm that names the user and the group and asks the reason the audit trail keeps; the result
 * says what happened and offers Undo (unban, reactivate).
 */
export function SenderActions({ sender, group }: { sender: Sender; group: SenderGroup | null }) {
  const operator = useOperator();
  const ban = useGroupBan('ban');
  const unban = useGroupBan('unban');
  const deactivate = useAccountChange('deactivate');
  const reactivate = useAccountChange('reactivate');
  const [dialog, setDialog] = useState<'ban' | 'deactivate' | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const banDenied = operator.can('manageBans') ? undefined : deniedReason('manageBans');
  const accountDenied = operator.can('manageUserAccounts')
    ? undefined
    : deniedReason('manageUserAccounts');

  const undoBan = (target: SenderGroup, reason: string) =>
    unban.mutate(
      { guid: target.guid, uid: sender.uid, reason: `Undo of a ban: ${reason}` },
      {
        onSuccess: () =>
          setResult({
            severity: 'info',
            text: `Ban undone: ${who(sender)} unbanned from ${target.name}. They are not a member again until they rejoin.`,
          }),
        onError: (error) =>
          setResult({ severity: 'error', text: `Could not undo the ban: ${describeError(error)}` }),
      },
    );

  const confirmBan = (target: SenderGroup, reason: string) =>
    ban.mutate(
      { guid: target.guid, uid: sender.uid, reason },
      {
        onSuccess: () => {
          setDialog(null);
          setResult({
            severity: 'success',
            text: `${who(sender)} banned from ${target.name}.`,
            undo: { label: 'Undo ban', run: () => undoBan(target, reason) },
          });
        },
      },
    );

  const undoDeactivate = (reason: string) =>
    reactivate.mutate(
      { uid: sender.uid, reason: `Undo of a deactivation: ${reason}` },
      {
        onSuccess: (change) =>
          setResult({
            severity: 'info',
            text: `Deactivation undone: ${accountWords(change, sender, 'reactivated', 'not deactivated')}`,
          }),
        onError: (error) =>
          setResult({
            severity: 'error',
            text: `Could not undo the deactivation: ${describeError(error)}`,
          }),
      },
    );

  const confirmDeactivate = (reason: string) =>
    deactivate.mutate(
      { uid: sender.uid, reason },
      {
        onSuccess: (change) => {
          setDialog(null);
          setResult({
            severity: change === 'changed' ? 'success' : 'info',
            text: accountWords(change, sender, 'deactivated', 'already deactivated'),
            ...(change === 'changed'
              ? { undo: { label: 'Undo deactivation', run: () => undoDeactivate(reason) } }
              : {}),
          });
        },
      },
    );

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
              <Button
                color="inherit"
                size="small"
                disabled={unban.isPending || reactivate.isPending}
                onClick={result.undo.run}
              >
                {result.undo.label}
              </Button>
            ) : undefined
          }
        >
          {result.text}
        </Alert>
      ) : null}
      {dialog === 'ban' && group ? (
        <ReasonConfirmDialog
          title={`Ban ${sender.name} from ${group.name}?`}
          confirmLabel={`Ban from ${group.name}`}
          pending={ban.isPending}
          error={ban.error}
          onConfirm={(reason) => confirmBan(group, reason)}
          onClose={() => setDialog(null)}
        >
          <Typography>
            <strong>{who(sender)}</strong> is removed from the group{' '}
            <strong>
              {group.name} ({group.guid})
            </strong>{' '}
            and cannot join it again until unbanned. Their other groups and conversations are not
            affected. The chat service keeps no reason for a ban; yours is kept in the console’s
            audit trail.
          </Typography>
        </ReasonConfirmDialog>
      ) : null}
      {dialog === 'deactivate' ? (
        <ReasonConfirmDialog
          title={`Deactivate ${sender.name}?`}
          confirmLabel="Deactivate user"
          pending={deactivate.isPending}
          error={deactivate.error}
          onConfirm={confirmDeactivate}
          onClose={() => setDialog(null)}
        >
          <Typography>
            <strong>{who(sender)}</strong> is deactivated across the whole app, not only in{' '}
            {group ? `the group ${group.name}` : 'this conversation'}: they can no longer sign in or
            send messages, and the service treats them as missing until reactivated.
          </Typography>
        </ReasonConfirmDialog>
      ) : null}
    </Box>
  );
}
