import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { describeError } from '@/api/errors';
import { groupQueries } from '@/api/queries/groups';
import type { Group } from '@/api/schemas/group';
import { useAfterFirstCommit, useFocusCarriedOver } from '@/hooks/use-after-first-commit';

const optionLabel = (group: Group) => `${group.name} (${group.guid})`;
const pickerSx = { minWidth: 280, flex: '1 1 280px' };

/**
 * Picks one group by name or guid prefix (`GET /groups?searchKey=`). Drawn first as a read-only field
 * of the same size, and as MUI's Autocomplete from the render after the first commit (see
 * useAfterFirstCommit).
 */
export function GroupPicker({
  value,
  onChange,
}: {
  value: Group | null;
  onChange: (group: Group | null) => void;
}) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [searchKey, setSearchKey] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearchKey(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const groups = useQuery({
    ...groupQueries.list({ searchKey: searchKey || undefined, perPage: 20 }),
    enabled: open,
    staleTime: 30_000,
  });

  const ready = useAfterFirstCommit();
  const { standIn, inputRef } = useFocusCarriedOver(ready);

  if (!ready)
    return (
      <TextField
        label="Group"
        size="small"
        sx={pickerSx}
        value={value ? optionLabel(value) : ''}
        slotProps={{ htmlInput: { readOnly: true } }}
        {...standIn}
      />
    );
  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, group) => onChange(group)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={groups.data?.data ?? []}
      filterOptions={(list) => list}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, selected) => option.guid === selected.guid}
      loading={groups.isFetching}
      loadingText="Searching groups…"
      noOptionsText={groups.isError ? describeError(groups.error) : 'No groups match'}
      sx={pickerSx}
      renderInput={(params) => (
        <TextField {...params} label="Group" size="small" inputRef={inputRef} />
      )}
    />
  );
}
