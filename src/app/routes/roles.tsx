import { listedTotal } from '@/api/schemas/common';
import { UnsupportedItems } from '@/components/unsupported-items';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Role } from '@/api/schemas/role';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { readListParams, rowsPerPageOptions, writeListParams } from '@/features/roles/list-params';
import { roleQueries } from '@/api/queries/roles';
import { RolesTable } from '@/features/roles/roles-table';
import { useRoleDifferences } from '@/features/roles/use-role-differences';
import { PagePagination } from '@/components/page-pagination';

const noRoles: readonly Role[] = [];

export default function RolesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, perPage } = readListParams(searchParams);
  const roles = useQuery({
    ...roleQueries.list({ page, perPage }),
    placeholderData: keepPreviousData,
  });
  const items = roles.data?.data ?? noRoles;
  const differences = useRoleDifferences(items);
  const go = (next: { page: number; perPage: number }) =>
    setSearchParams(writeListParams(searchParams, next));

  return (
    <>
      <PageHeader
        title="Roles"
        subtitle="The end-user roles of the chat app. Open one to review or edit what its users may do."
      />
      {roles.isPending ? (
        <LoadingState label="Loading roles" />
      ) : roles.isError ? (
        <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />
      ) : items.length === 0 && roles.data.unsupported.length === 0 ? (
        <EmptyState
          title={page > 1 ? 'No roles on this page' : 'No roles'}
          icon={<ShieldOutlined />}
        >
          {page > 1 ? 'Go back to the first page.' : 'The chat app has no roles yet.'}
        </EmptyState>
      ) : (
        <>
          <RolesTable roles={items} differences={differences} />
          <PagePagination
            total={listedTotal(roles.data, page, perPage)}
            page={page}
            perPage={perPage}
            pageSizes={rowsPerPageOptions}
            perPageLabel="Roles per page"
            onPageChange={(next) => go({ page: next, perPage })}
            onPerPageChange={(size) => go({ page: 1, perPage: size })}
          />
        </>
      )}
      {roles.data ? <UnsupportedItems items={roles.data.unsupported} noun="role" /> : null}
    </>
  );
}
