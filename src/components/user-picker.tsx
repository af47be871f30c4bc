import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { describeError } from '@/api/errors';
import { userQueries } from '@/api/queries/users';
import { useAfterFirstCommit, useFocusCarriedOver } from '@/hooks/use-after-first-commit';
import type { User } from '@/api/schemas/user';

interface Props {
  label: string;
  value: User | null;
  onChange: (user: User | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
}

const searchDelayMs = 250;

/** Debounces typing so each pause, not each key, asks the service. */
function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), searchDelayMs);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

const optionLabel = (user: User) => `${user.name} (${user.uid})`;
const pickerSx = { minWidth: 260, flex: '1 1 260px' };

/**
 * Picks one user by name or uid prefix (`GET /users?searchKey=`), at most 20 suggestions. MUI's
 * Autocomplete keeps its anchor in state set from a ref callback, which re-renders the page at once
 * as it is committed and runs all its effects in that task (decision 0064): a page starts with the
 * field drawn alike, read-only, and the picker replaces it right after.
 */
export function UserPicker({
  label,
  value,
  onChange,
  required,
  disabled,
  error,
  helperText,
  size,
}: Props) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const searchKey = useDebounced(input.trim());
  const users = useQuery({
    ...userQueries.list({ searchKey: searchKey || undefined, perPage: 20 }),
    enabled: open,
    staleTime: 30_000,
  });
  const options = users.data?.data ?? [];
  const ready = useAfterFirstCommit();
  const { standIn, inputRef } = useFocusCarriedOver(ready);
  const field = { label, required, error, helperText };

  if (!ready)
    return (
      <TextField
        {...field}
        disabled={disabled}
        size={size}
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
      onChange={(_event, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={options}
      // The service already filtered by the search key; keep the current value selectable.
      filterOptions={(list) => list}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, selected) => option.uid === selected.uid}
      loading={users.isFetching}
      loadingText="Searching users…"
      noOptionsText={users.isError ? describeError(users.error) : 'No users match'}
      disabled={disabled}
      size={size}
      sx={pickerSx}
      renderOption={(props, user) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography variant="body2">{user.name}</Typography>
              <Typography variant="caption" color="textSecondary">
                {user.uid}
                {user.deactivatedAt !== undefined ? ' · deactivated' : ''}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          {...field}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {users.isFetching ? (
                    <CircularProgress size={18} aria-label="Searching users" />
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
