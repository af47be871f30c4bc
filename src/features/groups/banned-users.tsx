import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { groupQueries } from '@/api/queries/groups';
import { listedTotal } from '@/api/schemas/common';
import type { User } from '@/api/schemas/user';
import { PageHeader } from '@/components/page-header';
import { listPager } from '@/components/list-pager';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { formatCount } from '@/utils/format';
import { useListState } from '@/utils/use-list-state';
import { bannedUsersTable } from './banned-users-columns';
import { bannedParams } from './list-params';
import { UnbanDialog } from './unban-dialog';

/** The banned users of one group, page by page (page and page size in the URL), with unban. */
export function BannedUsers({ guid }: { guid: string }) {
  const operator = useOperator();
  const mayUnban = operator.can('manageBans');
  const { state: search, update } = useListState(bannedParams);
  const group = useQuery(groupQueries.detail(guid));
  const banned = useQuery(
    groupQueries.banned(guid, { page: search.page, perPage: search.perPage }),
  );
  const [unbanning, setUnbanning] = useState<User | null>(null);
  const spec = useMemo(() => bannedUsersTable(mayUnban ? setUnbanning : undefined), [mayUnban]);
  const name = group.data?.name ?? guid;
  const total = banned.data ? listedTotal(banned.data, search.page, search.perPage) : undefined;

  return (
    <>
      <PageHeader
        title={`Banned users of ${name}`}
        subtitle={total === undefined ? guid : `${guid} · ${formatCount(total)} banned`}
        actions={
          <Button component={RouterLink} to={paths.groups.href()}>
            All groups
          </Button>
        }
      />
      <PagedTable
        spec={spec}
        query={banned}
        // Past the first page an empty page keeps its pager, to page back.
        empty={
          search.page === 1 ? (
            <EmptyState title="Nobody is banned" icon={<HowToRegOutlined />}>
              No user is banned from {name}. Users banned by its moderators or admins appear here.
            </EmptyState>
          ) : null
        }
        pagination={listPager(search, update, 'Banned users per page', banned.data)}
      />
      {unbanning ? (
        <UnbanDialog
          guid={guid}
          groupName={name}
          user={unbanning}
          onClose={() => setUnbanning(null)}
        />
      ) : null}
    </>
  );
}
