import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useOperator } from '@/features/auth/use-session';
import type { BulkAction } from './bulk-batches';
import { BulkDialog } from './bulk-dialog';
import { DirectoryFilters } from './directory-filters';
import { toFilterParams, toListParams } from './directory-params';
import { userQueries } from './queries';
import { SelectionBar } from './selection-bar';
import { UidEntryDialog } from './uid-entry-dialog';
import { useDirectorySearch } from './use-directory-search';
import { useUidSelection } from './use-uid-selection';
import { UsersTable } from './users-table';

type Dialog = { kind: 'bulk'; action: BulkAction; uids: string[] } | { kind: 'uids' } | null;

/** The user directory: filters and page in the URL, a selection kept across pages, bulk actions. */
export function UsersDirectory() {
  const operator = useOperator();
  const mayManage = operator.can('manageUserAccounts');
  const { search, update } = useDirectorySearch();
  const users = useQuery(userQueries.list(toListParams(search)));
  const selection = useUidSelection();
  const [dialog, setDialog] = useState<Dialog>(null);
  const total = users.data?.meta.pagination.total ?? 0;

  return (
    <>
      <DirectoryFilters search={search} onChange={update} />
      <SelectionBar
        mayManage={mayManage}
        selection={selection}
        matching={total}
        filters={toFilterParams(search)}
        onAction={(action) => setDialog({ kind: 'bulk', action, uids: selection.uids })}
        onEnterUids={() => setDialog({ kind: 'uids' })}
      />
      {users.isFetching && !users.isPending ? (
        <LinearProgress aria-label="Updating the list" sx={{ mb: -0.5 }} />
      ) : null}
      {users.isPending ? (
        <LoadingState label="Loading users" />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 ? (
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
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ perPage })}
          selection={mayManage ? selection : undefined}
        />
      )}
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
