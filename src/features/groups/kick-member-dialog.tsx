import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '@/api/errors';
import type { GroupMember } from '@/api/schemas/group';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { AuditReasonField } from './audit-reason-field';
import { useKickMember } from './mutations';

/** Confirms removing one member from the group, with the reason the audit trail keeps. */
export function KickMemberDialog(props: {
  guid: string;
  groupName: string;
  member: GroupMember;
  onClose: () => void;
}) {
  const { guid, groupName, member, onClose } = props;
  const notify = useNotify();
  const mutation = useKickMember(guid);
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open
      destructive
      title={`Kick ${member.name} from ${groupName}?`}
      confirmLabel="Kick member"
      pending={mutation.isPending}
      confirmDisabled={reason.trim() === ''}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(
          { uid: member.uid, explanation: { reason } },
          {
            onSuccess: () => {
              notify(`${member.name} (${member.uid}) kicked from ${groupName}.`);
              onClose();
            },
          },
        )
      }
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <Typography>
        <strong>{member.name}</strong> ({member.uid}) is removed from <strong>{groupName}</strong>{' '}
        now and stops receiving its messages. They are not banned: they may join the group again.
        The chat service posts a message in the group saying they were kicked. Your reason is kept
        in the console’s audit trail only.
      </Typography>
      <AuditReasonField value={reason} onChange={setReason} disabled={mutation.isPending} />
    </ConfirmDialog>
  );
}
