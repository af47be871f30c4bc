import { useQuery } from '@tanstack/react-query';
import { groupQueries } from '@/api/queries/groups';
import { listPager } from '@/components/list-pager';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/utils/use-list-state';
import { groupsTable, noGroups } from './groups-columns';
import { GroupsFilters } from './groups-filters';
import { groupsParams, groupsRules } from './list-params';

/** Groups with search, type filter and paging in the URL; each links to its banned users. */
export function GroupsList() {
  const { state: search, update, invalid } = useListState(groupsParams, groupsRules);
  // A search the service would refuse is never sent: the list says so instead.
  const groups = useQuery({
    ...groupQueries.list({
      searchKey: search.q || undefined,
      type: search.type,
      page: search.page,
      perPage: search.perPage,
    }),
    enabled: !invalid,
  });
  return (
    <>
      <GroupsFilters search={search} onChange={update} />
      <PagedTable
        spec={groupsTable}
        query={groups}
        empty={noGroups}
        invalidFilters={invalid}
        pagination={listPager(search, update, 'Groups per page', groups.data)}
      />
    </>
  );
}
