import { listedTotal } from '@/api/schemas/common';
import { UnsupportedItems } from '@/components/unsupported-items';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { User } from '@/api/schemas/user';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { formatCount } from '@/utils/format';
import { BannedUsersTable } from './banned-users-table';
import { parseBannedSearch } from './list-params';
import { groupQueries } from '@/api/queries/groups';
import { UnbanDialog } from './unban-dialog';
import { useListSearch } from './use-list-search';

/** The banned users of one group, page by page (page and page size in the URL), with unban. */
export function BannedUsers({ guid }: { guid: string }) {
  const operator = useOperator();
  const mayUnban = operator.can('manageBans');
  const { search, update } = useListSearch(parseBannedSearch);
  const group = useQuery(groupQueries.detail(guid));
  const banned = useQuery(
    groupQueries.banned(guid, { page: search.page, perPage: search.perPage }),
  );
  const [unbanning, setUnbanning] = useState<User | null>(null);
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
      {banned.isFetching && !banned.isPending ? (
        <LinearProgress aria-label="Updating the list" sx={{ mb: -0.5 }} />
      ) : null}
      {banned.isPending ? (
        <LoadingState label="Loading banned users" />
      ) : banned.isError ? (
        <ErrorState error={banned.error} onRetry={() => void banned.refetch()} />
      ) : banned.data.data.length === 0 &&
        banned.data.unsupported.length === 0 &&
        search.page === 1 ? (
        <EmptyState title="Nobody is banned" icon={<HowToRegOutlined />}>
          No user is banned from {name}. Users banned by its moderators or admins appear here.
        </EmptyState>
      ) : (
        <BannedUsersTable
          users={banned.data.data}
          total={listedTotal(banned.data, search.page, search.perPage)}
          page={search.page}
          perPage={search.perPage}
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ perPage })}
          onUnban={mayUnban ? setUnbanning : undefined}
        />
      )}
      {banned.data ? <UnsupportedItems items={banned.data.unsupported} noun="banned user" /> : null}
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
