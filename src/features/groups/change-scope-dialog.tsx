import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { describeError } from '@/api/errors';
import { memberScopeValues, type GroupMember, type MemberScope } from '@/api/schemas/group';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { AuditReasonField } from './audit-reason-field';
import { useChangeMemberScope } from './mutations';

/** What each scope lets a member do in the group, as the service documents it. */
const scopeWords: Record<MemberScope, string> = {
  participant: 'Participant: sends and reads messages.',
  moderator: 'Moderator: also kicks and bans participants.',
  admin: 'Admin: also changes members’ scopes and edits the group.',
};

/** Confirms giving one member another scope, with the reason the audit trail keeps. */
export function ChangeScopeDialog(props: {
  guid: string;
  groupName: string;
  member: GroupMember;
  onClose: () => void;
}) {
  const { guid, groupName, member, onClose } = props;
  const labelId = useId();
  const notify = useNotify();
  const mutation = useChangeMemberScope(guid);
  const [scope, setScope] = useState<MemberScope | null>(null);
  const [reason, setReason] = useState('');
  const changed = scope !== null && scope !== member.scope;
  return (
    <ConfirmDialog
      open
      title={`Change the scope of ${member.name}?`}
      confirmLabel={scope && changed ? `Make ${scope}` : 'Change scope'}
      pending={mutation.isPending}
      confirmDisabled={!changed || reason.trim() === ''}
      onClose={onClose}
      onConfirm={() => {
        if (!scope) return;
        mutation.mutate(
          { uid: member.uid, scope, explanation: { reason } },
          {
            onSuccess: () => {
              notify(`${member.name} (${member.uid}) is now ${scope} of ${groupName}.`);
              onClose();
            },
          },
        );
      }}
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <Typography sx={{ mb: 2 }}>
        <strong>{member.name}</strong> ({member.uid}) is {member.scope} of{' '}
        <strong>{groupName}</strong>.{' '}
        {changed
          ? `They become ${scope} now; the chat service posts a message in the group saying so.`
          : 'Pick the scope they should have.'}{' '}
        Your reason is kept in the console’s audit trail only.
      </Typography>
      <FormControl disabled={mutation.isPending}>
        <FormLabel id={labelId}>New scope</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={scope ?? member.scope}
          onChange={(event) => {
            const picked = memberScopeValues.find((value) => value === event.target.value);
            if (picked) setScope(picked);
          }}
        >
          {memberScopeValues.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={scopeWords[value]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <AuditReasonField value={reason} onChange={setReason} disabled={mutation.isPending} />
    </ConfirmDialog>
  );
}
