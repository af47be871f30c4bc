import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { groupQueries } from '@/api/queries/groups';
import { listedTotal } from '@/api/schemas/common';
import { memberScopeValues, type GroupMember } from '@/api/schemas/group';
import { FilterSelect } from '@/components/filter-select';
import { listPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { deniedReason } from '@/config/capabilities';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { formatCount } from '@/utils/format';
import { useListState } from '@/utils/use-list-state';
import { BanUserDialog } from './ban-user-dialog';
import { ChangeScopeDialog } from './change-scope-dialog';
import { groupMembersTable, type MemberAction } from './group-members-columns';
import { GroupTabs } from './group-tabs';
import { KickMemberDialog } from './kick-member-dialog';
import { membersParams } from './list-params';

type Dialog = { kind: 'scope' | 'kick' | 'ban'; member: GroupMember } | null;

const scopeOptions = [
  { value: '', label: 'Any scope' },
  ...memberScopeValues.map((scope) => ({ value: scope, label: scope })),
];

/** The service refuses to kick its owner or change the owner's scope. */
const ownerReason =
  'The chat service does not let anyone kick the group’s owner or change their scope.';

/**
 * The members of one group, page by page (scope filter and page in the URL), each with their scope and
 * when they joined: change a member's scope, kick or ban them, as the operator's role allows.
 */
export function GroupMembers({ guid }: { guid: string }) {
  const operator = useOperator();
  const mayManage = operator.can('manageMembers');
  const mayBan = operator.can('manageBans');
  const { state: search, update } = useListState(membersParams);
  const group = useQuery(groupQueries.detail(guid));
  const members = useQuery(
    groupQueries.members(guid, {
      page: search.page,
      perPage: search.perPage,
      scopes: search.scope ? [search.scope] : undefined,
    }),
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const owner = group.data?.owner;
  const name = group.data?.name ?? guid;
  const spec = useMemo(() => {
    const managed =
      (kind: 'scope' | 'kick'): MemberAction =>
      (member) =>
        !mayManage
          ? { denied: deniedReason('manageMembers') }
          : member.uid === owner
            ? { denied: ownerReason }
            : { run: () => setDialog({ kind, member }) };
    return groupMembersTable({
      scope: managed('scope'),
      kick: managed('kick'),
      ban: (member) =>
        mayBan
          ? { run: () => setDialog({ kind: 'ban', member }) }
          : { denied: deniedReason('manageBans') },
    });
  }, [mayManage, mayBan, owner]);
  const total = members.data ? listedTotal(members.data, search.page, search.perPage) : undefined;

  return (
    <>
      <PageHeader
        title={`Members of ${name}`}
        subtitle={total === undefined ? guid : `${guid} · ${formatCount(total)} members`}
        actions={
          <Button component={RouterLink} to={paths.groups.href()}>
            All groups
          </Button>
        }
      />
      <GroupTabs guid={guid} current="members" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <FilterSelect
          label="Scope"
          value={search.scope ?? ''}
          onChange={(value) =>
            update({ scope: memberScopeValues.find((scope) => scope === value) })
          }
          options={scopeOptions}
        />
      </Box>
      <PagedTable
        spec={spec}
        query={members}
        empty={
          search.page === 1 ? (
            <EmptyState title="No members" icon={<GroupOutlined />}>
              {search.scope
                ? `No member of ${name} has the scope ${search.scope}.`
                : `${name} has no members.`}
            </EmptyState>
          ) : null
        }
        pagination={listPager(search, update, 'Members per page', members.data)}
      />
      {dialog?.kind === 'kick' ? (
        <KickMemberDialog
          guid={guid}
          groupName={name}
          member={dialog.member}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'scope' ? (
        <ChangeScopeDialog
          guid={guid}
          groupName={name}
          member={dialog.member}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'ban' ? (
        <BanUserDialog
          guid={guid}
          groupName={name}
          uid={dialog.member.uid}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
