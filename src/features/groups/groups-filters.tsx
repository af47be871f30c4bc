import { FilterSelect } from '@/components/filter-select';
import { SearchFilters } from '@/components/search-filters';
import { groupTypeSchema } from '@/api/schemas/group';
import { groupsRules, type GroupsSearch } from './list-params';

const typeOptions = [
  { value: '', label: 'Any type' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
  { value: 'password', label: 'Password' },
];

/** Search by guid or name (debounced into the URL) and the group type. */
export function GroupsFilters({
  search,
  onChange,
}: {
  search: GroupsSearch;
  onChange: (change: Partial<GroupsSearch>, options?: { replace?: boolean }) => void;
}) {
  return (
    <SearchFilters
      label="Filter groups"
      searchLabel="Search by guid or name"
      searchRule={groupsRules.q}
      q={search.q}
      onSearch={(q) => onChange({ q }, { replace: true })}
    >
      <FilterSelect
        label="Type"
        value={search.type ?? ''}
        onChange={(value) => onChange({ type: groupTypeSchema.safeParse(value).data })}
        options={typeOptions}
        minWidth={160}
      />
    </SearchFilters>
  );
}
