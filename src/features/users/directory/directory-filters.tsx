import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { roleQueries } from '@/api/queries/roles';
import { SearchFilters } from '@/components/search-filters';
import { userStatusSchema } from '@/api/schemas/user';
import {
  accountStates,
  type AccountState,
  type DirectoryFilterValues,
  type DirectorySearch,
  directoryRules,
} from './directory-params';

const stateLabels: Record<AccountState, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  all: 'All',
};

/** Search (debounced into the URL), role, presence and account state. Memoised: paging leaves it alone. */
export const DirectoryFilters = memo(function DirectoryFilters({
  search,
  onChange,
}: {
  search: DirectoryFilterValues;
  onChange: (change: Partial<DirectorySearch>, options?: { replace?: boolean }) => void;
}) {
  const roles = useQuery(roleQueries.options());

  const roleOptions = [
    { value: '', label: 'Any role' },
    ...(roles.data ?? []).map((role) => ({ value: role.role, label: role.name })),
  ];
  if (search.role && !roleOptions.some((option) => option.value === search.role))
    roleOptions.push({ value: search.role, label: search.role });

  return (
    <SearchFilters
      label="Filter users"
      searchLabel="Search by uid or name"
      searchDescription="Matches the start of the uid or the name"
      searchRule={directoryRules.q}
      q={search.q}
      onSearch={(q) => onChange({ q }, { replace: true })}
    >
      <FilterSelect
        label="Role"
        value={search.role}
        onChange={(role) => onChange({ role })}
        options={roleOptions}
      />
      <FilterSelect
        label="Status"
        value={search.status ?? ''}
        onChange={(value) => onChange({ status: userStatusSchema.safeParse(value).data })}
        options={[
          { value: '', label: 'Any status' },
          { value: 'available', label: 'Available' },
          { value: 'offline', label: 'Offline' },
        ]}
      />
      <FilterSelect
        label="Accounts"
        value={search.state}
        onChange={(value) =>
          onChange({ state: accountStates.find((state) => state === value) ?? 'active' })
        }
        options={accountStates.map((state) => ({ value: state, label: stateLabels[state] }))}
      />
    </SearchFilters>
  );
});
