import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { GroupMember } from '@/api/schemas/group';
import { DateTime } from '@/components/date-time';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { UserLink } from '@/components/user-link';

/** A row action's handler, or why the operator may not use it on that member. */
export type MemberAction = (member: GroupMember) => { run: () => void } | { denied: string };

export interface MemberActions {
  scope: MemberAction;
  kick: MemberAction;
  ban: MemberAction;
}

function ActionButton(props: { label: string; name: string; action: ReturnType<MemberAction> }) {
  const denied = 'denied' in props.action ? props.action.denied : '';
  return (
    <Tooltip title={denied}>
      <span>
        <Button
          size="small"
          disabled={'denied' in props.action}
          onClick={'run' in props.action ? props.action.run : undefined}
          aria-label={props.name}
        >
          {props.label}
        </Button>
      </span>
    </Tooltip>
  );
}

/** A group's members: who (each linking to the user's page), their scope, when they joined, actions. */
export function groupMembersTable(actions: MemberActions): PagedTableSpec<GroupMember> {
  return {
    label: 'Members',
    noun: 'member',
    rowId: (member) => member.uid,
    columns: [
      valueColumn('name', 'Name', (member) => (
        <UserLink className={c.link} uid={member.uid}>
          {member.name}
        </UserLink>
      )),
      valueColumn('uid', 'Uid', (member) => <UserLink className={c.link} uid={member.uid} />, {
        className: c.mono,
      }),
      valueColumn('scope', 'Scope', (member) => member.scope),
      valueColumn('joined', 'Joined', (member) => <DateTime seconds={member.joinedAt} />, {
        className: c.noWrap,
      }),
      valueColumn(
        'actions',
        'Actions',
        (member) => (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
            <ActionButton
              label="Scope…"
              name={`Change the scope of ${member.uid}`}
              action={actions.scope(member)}
            />
            <ActionButton label="Kick…" name={`Kick ${member.uid}`} action={actions.kick(member)} />
            <ActionButton label="Ban…" name={`Ban ${member.uid}`} action={actions.ban(member)} />
          </Box>
        ),
        { align: 'right' },
      ),
    ],
  };
}
