import { listedTotal } from '@/api/schemas/common';
import { UnsupportedItems } from '@/components/unsupported-items';
import GroupOffOutlined from '@mui/icons-material/GroupOffOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { GroupsFilters } from './groups-filters';
import { GroupsTable } from './groups-table';
import { parseGroupsSearch } from './list-params';
import { groupQueries } from '@/api/queries/groups';
import { useListSearch } from './use-list-search';

/** Groups with search, type filter and paging in the URL; each links to its banned users. */
export function GroupsList() {
  const { search, update } = useListSearch(parseGroupsSearch);
  const groups = useQuery(
    groupQueries.list({
      searchKey: search.q || undefined,
      type: search.type,
      page: search.page,
      perPage: search.perPage,
    }),
  );
  return (
    <>
      <GroupsFilters search={search} onChange={update} />
      {groups.isFetching && !groups.isPending ? (
        <LinearProgress aria-label="Updating the list" sx={{ mb: -0.5 }} />
      ) : null}
      {groups.isPending ? (
        <LoadingState label="Loading groups" />
      ) : groups.isError ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.data.length === 0 && groups.data.unsupported.length === 0 ? (
        <EmptyState title="No groups match" icon={<GroupOffOutlined />}>
          Try another search or type.
        </EmptyState>
      ) : (
        <GroupsTable
          groups={groups.data.data}
          total={listedTotal(groups.data, search.page, search.perPage)}
          page={search.page}
          perPage={search.perPage}
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ perPage })}
        />
      )}
      {groups.data ? <UnsupportedItems items={groups.data.unsupported} noun="group" /> : null}
    </>
  );
}
