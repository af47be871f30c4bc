import GroupOffOutlined from '@mui/icons-material/GroupOffOutlined';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Hint } from '@/components/hint';
import { paramClasses } from '@/api/contract/param-classes';
import { isNotFound } from '@/api/errors';
import { groupQueries } from '@/api/queries/groups';
import { listedTotal } from '@/api/schemas/common';
import type { User } from '@/api/schemas/user';
import { MissingPage } from '@/components/missing-page';
import { PageHeader } from '@/components/page-header';
import { listPager } from '@/components/list-pager';
import { PagedTable } from '@/components/paged-table';
import { deniedReason } from '@/config/capabilities';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { formatCount } from '@/utils/format';
import { useListState } from '@/utils/use-list-state';
import { useBanReasons } from './ban-reasons';
import { BanUserDialog } from './ban-user-dialog';
import { bannedEmptyState, BannedSearch, BannedSelectionBar } from './banned-users-parts';
import { bannedUsersTable } from './banned-users-columns';
import { matchesBannedSearch } from './banned-search';
import { stillSelected, type UnbanResult } from './bulk-unban';
import { BulkUnbanDialog } from './bulk-unban-dialog';
import { BulkUnbanResults } from './bulk-unban-results';
import { GroupTabs } from './group-tabs';
import { bannedParams, bannedRules } from './list-params';
import { useBulkUnban } from './mutations';
import { useBannedSelection } from './use-banned-selection';
import { UnbanDialog } from './unban-dialog';

type Dialog = { kind: 'unban'; user: User } | { kind: 'ban' } | { kind: 'bulk' } | null;

/**
 * The banned users of one group, page by page (page, size and search in the URL): ban a member, search
 * the loaded page, unban one or a selection with a result per user.
 */
export function BannedUsers({ guid }: { guid: string }) {
  // A guid the service cannot have is not asked for.
  return paramClasses.id(guid) ? <KnownGroup guid={guid} /> : <MissingGroup guid={guid} />;
}

const allGroups = (
  <Button component={RouterLink} to={paths.groups.href()}>
    All groups
  </Button>
);

function MissingGroup({ guid }: { guid: string }) {
  return (
    <MissingPage
      heading="Group not found"
      title={`No group “${guid}”`}
      icon={<GroupOffOutlined />}
      back={allGroups}
    >
      The chat service has no group with this id. It may have been deleted, or the address is wrong.
    </MissingPage>
  );
}

function KnownGroup({ guid }: { guid: string }) {
  const operator = useOperator();
  const mayManage = operator.can('manageBans');
  const { state: search, update, invalid } = useListState(bannedParams, bannedRules);
  const group = useQuery(groupQueries.detail(guid));
  const banned = useQuery(
    groupQueries.banned(guid, { page: search.page, perPage: search.perPage }),
  );
  const bulk = useBulkUnban(guid);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { selected, setSelected, table: selection } = useBannedSelection(mayManage);
  const [results, setResults] = useState<UnbanResult[] | null>(null);
  const reasons = useBanReasons(guid);
  const spec = useMemo(
    () =>
      bannedUsersTable(
        mayManage ? (user) => setDialog({ kind: 'unban', user }) : undefined,
        reasons,
      ),
    [mayManage, reasons],
  );
  const name = group.data?.name ?? guid;
  const total = banned.data ? listedTotal(banned.data, search.page, search.perPage) : undefined;
  const answer = banned.data;
  const loaded = useMemo(() => answer?.data ?? [], [answer]);
  const shown = useMemo(
    () => (invalid ? [] : loaded.filter((user) => matchesBannedSearch(user, search.q))),
    [loaded, search.q, invalid],
  );
  // The table draws the matching rows of the page the service answered.
  const query = {
    data: answer ? { ...answer, data: shown } : undefined,
    isPending: banned.isPending,
    isError: banned.isError,
    error: banned.error,
    isFetching: banned.isFetching,
    refetch: banned.refetch,
  };

  const unbanSelected = (reason: string) => {
    const uids = [...selected];
    setDialog(null);
    setResults(null);
    bulk.mutate(
      { uids, reason },
      {
        onSuccess: (answer) => {
          setResults(answer);
          setSelected(new Set(stillSelected(answer)));
        },
      },
    );
  };

  if (group.isError && isNotFound(group.error)) return <MissingGroup guid={guid} />;

  return (
    <>
      <PageHeader
        title={`Banned users of ${name}`}
        subtitle={total === undefined ? guid : `${guid} · ${formatCount(total)} banned`}
        actions={
          <>
            <Hint title={mayManage ? '' : deniedReason('manageBans')}>
              <span>
                <Button
                  variant="contained"
                  // Offered once the group is known to exist.
                  disabled={!mayManage || !group.isSuccess}
                  onClick={() => setDialog({ kind: 'ban' })}
                >
                  Ban a user…
                </Button>
              </span>
            </Hint>
            {allGroups}
          </>
        }
      />
      <GroupTabs guid={guid} current="banned" />
      <BannedSearch
        q={search.q}
        onSearch={(q) => update({ q })}
        loaded={loaded.length}
        matching={search.q && !invalid ? shown.length : undefined}
      />
      {results ? <BulkUnbanResults results={results} onClose={() => setResults(null)} /> : null}
      {mayManage && selected.size > 0 ? (
        <BannedSelectionBar
          count={selected.size}
          unbanning={bulk.isPending}
          onClear={() => setSelected(new Set())}
          onUnban={() => setDialog({ kind: 'bulk' })}
        />
      ) : null}
      <PagedTable
        spec={spec}
        query={query}
        selection={selection}
        empty={bannedEmptyState(search, loaded.length, name)}
        pagination={listPager(search, update, 'Banned users per page', banned.data)}
        invalidFilters={invalid}
      />
      {dialog?.kind === 'unban' ? (
        <UnbanDialog
          guid={guid}
          groupName={name}
          user={dialog.user}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'ban' ? (
        <BanUserDialog guid={guid} groupName={name} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'bulk' ? (
        <BulkUnbanDialog
          uids={[...selected]}
          groupName={name}
          onConfirm={unbanSelected}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
