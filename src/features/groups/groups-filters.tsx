import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState } from 'react';
import { groupTypeSchema } from '@/api/schemas/group';
import type { GroupsSearch } from './list-params';

const searchDelayMs = 300;

/** Search by guid or name (debounced into the URL) and the group type. */
export function GroupsFilters({
  search,
  onChange,
}: {
  search: GroupsSearch;
  onChange: (change: Partial<GroupsSearch>, options?: { replace?: boolean }) => void;
}) {
  const typeId = useId();
  const [text, setText] = useState(search.q);
  const [seen, setSeen] = useState(search.q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (seen !== search.q) {
    setSeen(search.q);
    if (search.q !== text.trim()) setText(search.q);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => onChange({ q: value.trim() }, { replace: true }),
      searchDelayMs,
    );
  };
  return (
    <Box
      role="search"
      aria-label="Filter groups"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
    >
      <TextField
        label="Search by guid or name"
        value={text}
        onChange={(event) => type(event.target.value)}
        sx={{ flex: '1 1 260px' }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
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
