import { listedTotal } from '@/api/schemas/common';
import type { User } from '@/api/schemas/user';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { listPager } from '@/components/list-pager';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { useOperator } from '@/features/auth/use-session';
import { useListState } from '@/utils/use-list-state';
import type { BulkAction } from '../bulk/bulk-batches';
import { BulkDialog } from '../bulk/bulk-dialog';
import { DirectoryFilters } from './directory-filters';
import { directoryParams, directoryRules, toFilterParams, toListParams } from './directory-params';
import { userQueries } from '@/api/queries/users';
import { SelectionBar } from './selection-bar';
import { UidEntryDialog } from '../bulk/uid-entry-dialog';
import { usePageReadAhead } from './use-page-read-ahead';
import { useUidSelection } from './use-uid-selection';
import { usersTable } from './users-columns';

type Dialog = { kind: 'bulk'; action: BulkAction; uids: string[] } | { kind: 'uids' } | null;

/**
 * The user directory: filters and page in the URL, a selection kept across pages, bulk actions. A page
 * change re-renders the table only (the filters and the selection bar keep their props), and the pages
 * either side of the shown one are fetched ahead, so it paints from the cache.
 */
export function UsersDirectory() {
  const operator = useOperator();
  const mayManage = operator.can('manageUserAccounts');
  const { state: search, update, invalid } = useListState(directoryParams, directoryRules);
  const { q, role, status, state } = search;
  const filterValues = useMemo(() => ({ q, role, status, state }), [q, role, status, state]);
  const filters = useMemo(() => toFilterParams(filterValues), [filterValues]);
  const listParams = useMemo(() => toListParams(search), [search]);
  // A search the service would refuse is never sent: the list says so instead.
  const users = useQuery({ ...userQueries.list(listParams), enabled: !invalid });
  const selection = useUidSelection();
  const [dialog, setDialog] = useState<Dialog>(null);
  const total = users.data ? listedTotal(users.data, search.page, search.perPage) : 0;
  const readAhead = usePageReadAhead(
    listParams,
    users.isSuccess && !users.isPlaceholderData
      ? { total, updatedAt: users.dataUpdatedAt }
      : undefined,
  );
  const { uids, has, setMany } = selection;
  const onAction = useCallback(
    (action: BulkAction) => setDialog({ kind: 'bulk', action, uids }),
    [uids],
  );
  const onEnterUids = useCallback(() => setDialog({ kind: 'uids' }), []);
  const tableSelection = useMemo(
    () =>
      mayManage
        ? {
            isSelected: (user: User) => has(user.uid),
            onChange: (chosen: User[], on: boolean) =>
              setMany(
                chosen.map((user) => user.uid),
                on,
              ),
            rowLabel: (user: User) => `Select ${user.uid}`,
            pageLabel: 'Select all users on this page',
          }
        : undefined,
    [mayManage, has, setMany],
  );

  const pager = listPager(search, update, 'Users per page', users.data);
  const pagination = {
    ...pager,
    onPageChange: (page: number) => {
      readAhead(page);
      pager.onPageChange(page);
    },
  };

  return (
    <>
      <DirectoryFilters search={filterValues} onChange={update} />
      <SelectionBar
        mayManage={mayManage}
        selection={selection}
        matching={invalid ? 0 : total}
        filters={filters}
        onAction={onAction}
        onEnterUids={onEnterUids}
      />
      <PagedTable
        spec={usersTable}
        query={users}
        empty={
          <EmptyState title="No users match" icon={<PersonOffOutlined />}>
            {search.q ? `Nobody’s uid or name starts with “${search.q}”. ` : ''}Try another search
            or clear the filters.
          </EmptyState>
        }
        pagination={pagination}
        selection={tableSelection}
        invalidFilters={invalid}
        keyRowsByPosition
      />
      {dialog?.kind === 'uids' ? (
        <UidEntryDialog
          onAdd={(added) => selection.setMany(added, true)}
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
