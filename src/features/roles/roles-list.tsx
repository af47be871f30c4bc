import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { roleQueries } from '@/api/queries/roles';
import type { Role } from '@/api/schemas/role';
import { listPager } from '@/components/list-pager';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { useListState } from '@/utils/use-list-state';
import { rolePageSizes, rolesParams } from './list-params';
import { rolesTable } from './roles-columns';
import { useRoleDifferences } from './use-role-differences';

const noRoles: readonly Role[] = [];

/** The app's roles, page by page (page and size in the URL), each with how it differs from the defaults. */
export function RolesList() {
  const { state: search, update } = useListState(rolesParams);
  const { page, perPage } = search;
  const roles = useQuery({
    ...roleQueries.list({ page, perPage }),
    placeholderData: keepPreviousData,
  });
  const items = roles.data?.data ?? noRoles;
  const differences = useRoleDifferences(items);
  // The counts arrive one query at a time: the columns follow them (a page holds at most 100 roles).
  const spec = rolesTable((role) => differences[items.indexOf(role)]);

  return (
    <PagedTable
      spec={spec}
      query={roles}
      empty={
        <EmptyState
          title={page > 1 ? 'No roles on this page' : 'No roles'}
          icon={<ShieldOutlined />}
        >
          {page > 1 ? 'Go back to the first page.' : 'The chat app has no roles yet.'}
        </EmptyState>
      }
      pagination={listPager(search, update, 'Roles per page', roles.data, rolePageSizes)}
    />
  );
}
