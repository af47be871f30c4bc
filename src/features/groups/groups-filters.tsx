import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { SearchField } from '@/components/search-field';
import { groupTypeSchema } from '@/api/schemas/group';
import type { GroupsSearch } from './list-params';

/** Search by guid or name (debounced into the URL) and the group type. */
export function GroupsFilters({
  search,
  onChange,
}: {
  search: GroupsSearch;
  onChange: (change: Partial<GroupsSearch>, options?: { replace?: boolean }) => void;
}) {
  const typeId = useId();
  return (
    <Box
      role="search"
      aria-label="Filter groups"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
    >
      <SearchField
        label="Search by guid or name"
        value={search.q}
        onSearch={(q) => onChange({ q }, { replace: true })}
      />
      <FormControl size="small" sx={{ minWidth: 160 }}>
        <InputLabel id={typeId}>Type</InputLabel>
        <Select
          labelId={typeId}
          label="Type"
          value={search.type ?? ''}
          onChange={(event) =>
            onChange({ type: groupTypeSchema.safeParse(event.target.value).data })
          }
        >
          <MenuItem value="">Any type</MenuItem>
          <MenuItem value="public">Public</MenuItem>
          <MenuItem value="private">Private</MenuItem>
          <MenuItem value="password">Password</MenuItem>
        </Select>
      </FormControl>
    </Box>
  );
}
