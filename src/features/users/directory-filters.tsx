import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useQuery } from '@tanstack/react-query';
import { memo, useId } from 'react';
import { roleQueries } from '@/api/queries/roles';
import { SearchField } from '@/components/search-field';
import { userStatusSchema } from '@/api/schemas/user';
import {
  accountStates,
  type AccountState,
  type DirectoryFilterValues,
  type DirectorySearch,
} from './directory-params';

const stateLabels: Record<AccountState, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  all: 'All',
};

function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 150 }}>
      <InputLabel id={id}>{props.label}</InputLabel>
      <Select
        labelId={id}
        label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

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
    <Box
      role="search"
      aria-label="Filter users"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
    >
      <SearchField
        label="Search by uid or name"
        value={search.q}
        onSearch={(q) => onChange({ q }, { replace: true })}
        description="Matches the start of the uid or the name"
      />
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
    </Box>
  );
});
