import GroupOffOutlined from '@mui/icons-material/GroupOffOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paramClasses } from '@/api/contract/param-classes';
import { isNotFound } from '@/api/errors';
import { groupQueries } from '@/api/queries/groups';
import { listedTotal } from '@/api/schemas/common';
import type { User } from '@/api/schemas/user';
import { MissingPage } from '@/components/missing-page';
import { PageHeader } from '@/components/page-header';
import { listPager } from '@/components/list-pager';
import { PagedTable } from '@/components/paged-table';
import { SearchField } from '@/components/search-field';
import { EmptyState } from '@/components/states';
import { deniedReason } from '@/config/capabilities';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { formatCount } from '@/utils/format';
import { useListState } from '@/utils/use-list-state';
import { useBanReasons } from './ban-reasons';
import { BanUserDialog } from './ban-user-dialog';
import { bannedUsersTable } from './banned-users-columns';
import { matchesBannedSearch } from './banned-search';
import { stillSelected, type UnbanResult } from './bulk-unban';
import { BulkUnbanDialog } from './bulk-unban-dialog';
import { BulkUnbanResults } from './bulk-unban-results';
import { GroupTabs } from './group-tabs';
import { bannedParams, bannedRules } from './list-params';
import { useBulkUnban } from './mutations';
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
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
  const selection = useMemo(
    () =>
      mayManage
        ? {
            isSelected: (user: User) => selected.has(user.uid),
            onChange: (rows: User[], on: boolean) =>
              setSelected((current) => {
                const next = new Set(current);
                for (const user of rows) {
                  if (on) next.add(user.uid);
                  else next.delete(user.uid);
                }
                return next;
              }),
            rowLabel: (user: User) => `Select ${user.uid}`,
            pageLabel: 'Select all banned users shown',
          }
        : undefined,
    [mayManage, selected],
  );

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
            <Tooltip title={mayManage ? '' : deniedReason('manageBans')}>
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
            </Tooltip>
            {allGroups}
          </>
        }
      />
      <GroupTabs guid={guid} current="banned" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <SearchField
          label="Search this page by uid or name"
          value={search.q}
          onSearch={(q) => update({ q })}
          rule={bannedRules.q}
          description="The chat service has no search for banned users; this filters the page loaded."
        />
        <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 260px' }}>
          The chat service has no search for banned users, so this searches the{' '}
          {formatCount(loaded.length)} loaded on this page
          {search.q && !invalid ? `: ${formatCount(shown.length)} match` : ''}. Show more per page
          to search more at once.
        </Typography>
      </Box>
      {results ? <BulkUnbanResults results={results} onClose={() => setResults(null)} /> : null}
      {mayManage && selected.size > 0 ? (
        <Box
          role="region"
          aria-label="Selected banned users"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
        >
          <Typography sx={{ flex: 1 }}>{formatCount(selected.size)} selected</Typography>
          <Button onClick={() => setSelected(new Set())}>Clear selection</Button>
          <Button
            variant="contained"
            color="error"
            disabled={bulk.isPending}
            onClick={() => setDialog({ kind: 'bulk' })}
          >
            {bulk.isPending ? 'Unbanning…' : 'Unban selected'}
          </Button>
        </Box>
      ) : null}
      <PagedTable
        spec={spec}
        query={query}
        selection={selection}
        // Past the first page an empty page keeps its pager, to page back.
        empty={
          search.q ? (
            <EmptyState title="No banned user on this page matches" icon={<HowToRegOutlined />}>
              Nobody among the {formatCount(loaded.length)} loaded has “{search.q}” in their uid or
              name. Try another page or clear the search.
            </EmptyState>
          ) : search.page === 1 ? (
            <EmptyState title="Nobody is banned" icon={<HowToRegOutlined />}>
              No user is banned from {name}. Users banned by its moderators or admins appear here.
            </EmptyState>
          ) : null
        }
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
