import { listedTotal } from '@/api/schemas/common';
import { UnsupportedItems } from '@/components/unsupported-items';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useOperator } from '@/features/auth/use-session';
import type { BulkAction } from './bulk-batches';
import { BulkDialog } from './bulk-dialog';
import { DirectoryFilters } from './directory-filters';
import { toFilterParams, toListParams } from './directory-params';
import { userQueries } from '@/api/queries/users';
import { SelectionBar } from './selection-bar';
import { UidEntryDialog } from './uid-entry-dialog';
import { useDirectorySearch } from './use-directory-search';
import { usePageReadAhead } from './use-page-read-ahead';
import { useUidSelection } from './use-uid-selection';
import { UsersTable } from './users-table';

type Dialog = { kind: 'bulk'; action: BulkAction; uids: string[] } | { kind: 'uids' } | null;

/**
 * The user directory: filters and page in the URL, a selection kept across pages, bulk actions. A page
 * change re-renders the table only (the filters and the selection bar keep their props), and the pages
 * either side of the shown one are fetched ahead, so it paints from the cache.
 */
export function UsersDirectory() {
  const operator = useOperator();
  const mayManage = operator.can('manageUserAccounts');
  const { search, update } = useDirectorySearch();
  const { q, role, status, state } = search;
  const filterValues = useMemo(() => ({ q, role, status, state }), [q, role, status, state]);
  const filters = useMemo(() => toFilterParams(filterValues), [filterValues]);
  const listParams = useMemo(() => toListParams(search), [search]);
  const users = useQuery(userQueries.list(listParams));
  const selection = useUidSelection();
  const [dialog, setDialog] = useState<Dialog>(null);
  const total = users.data ? listedTotal(users.data, search.page, search.perPage) : 0;
  const readAhead = usePageReadAhead(
    listParams,
    users.isSuccess && !users.isPlaceholderData
      ? { total, updatedAt: users.dataUpdatedAt }
      : undefined,
  );
  const { uids } = selection;
  const onAction = useCallback(
    (action: BulkAction) => setDialog({ kind: 'bulk', action, uids }),
    [uids],
  );
  const onEnterUids = useCallback(() => setDialog({ kind: 'uids' }), []);

  return (
    <>
      <DirectoryFilters search={filterValues} onChange={update} />
      <SelectionBar
        mayManage={mayManage}
        selection={selection}
        matching={total}
        filters={filters}
        onAction={onAction}
        onEnterUids={onEnterUids}
      />
      {users.isFetching && !users.isPending ? (
        <LinearProgress aria-label="Updating the list" sx={{ mb: -0.5 }} />
      ) : null}
      {users.isPending ? (
        <LoadingState label="Loading users" />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 && users.data.unsupported.length === 0 ? (
        <EmptyState title="No users match" icon={<PersonOffOutlined />}>
          {search.q ? `Nobody’s uid or name starts with “${search.q}”. ` : ''}Try another search or
          clear the filters.
        </EmptyState>
      ) : (
        <UsersTable
          users={users.data.data}
          total={total}
          page={search.page}
          perPage={search.perPage}
          onPageChange={(page) => {
            readAhead(page);
            update({ page });
          }}
          onPerPageChange={(perPage) => update({ perPage })}
          selection={mayManage ? selection : undefined}
        />
      )}
      {users.data ? <UnsupportedItems items={users.data.unsupported} noun="user" /> : null}
      {dialog?.kind === 'uids' ? (
        <UidEntryDialog
          onAdd={(uids) => selection.setMany(uids, true)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'bulk' ? (
        <BulkDialog
          action={dialog.action}
          uids={dialog.uids}
          onClose={(changed) => {
            if (changed) selection.clear();
            setDialog(null);
          }}
        />
      ) : null}
    </>
  );
}
