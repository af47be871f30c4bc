import Typography from '@mui/material/Typography';
import { ReasonConfirmDialog } from './reason-confirm-dialog';
import { who, type Sender, type SenderGroup } from './use-sender-actions';

interface ConfirmProps {
  sender: Sender;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason of a ban from the group, saying what a ban does and does not do. */
export function BanConfirmDialog({ group, ...props }: ConfirmProps & { group: SenderGroup }) {
  return (
    <ReasonConfirmDialog
      title={`Ban ${props.sender.name} from ${group.name}?`}
      confirmLabel={`Ban from ${group.name}`}
      pending={props.pending}
      error={props.error}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      <Typography>
        <strong>{who(props.sender)}</strong> is removed from the group{' '}
        <strong>
          {group.name} ({group.guid})
        </strong>{' '}
        and cannot join it again until unbanned. Their other groups and conversations are not
        affected. The chat service keeps no reason for a ban; yours is kept in the console’s audit
        trail.
      </Typography>
    </ReasonConfirmDialog>
  );
}

/** Asks for the reason of a deactivation, saying it reaches across the whole app. */
export function DeactivateConfirmDialog({
  group,
  ...props
}: ConfirmProps & { group: SenderGroup | null }) {
  return (
    <ReasonConfirmDialog
      title={`Deactivate ${props.sender.name}?`}
      confirmLabel="Deactivate user"
      pending={props.pending}
      error={props.error}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      <Typography>
        <strong>{who(props.sender)}</strong> is deactivated across the whole app, not only in{' '}
        {group ? `the group ${group.name}` : 'this conversation'}: they can no longer sign in or
        send messages, and the service treats them as missing until reactivated.
      </Typography>
    </ReasonConfirmDialog>
  );
}
