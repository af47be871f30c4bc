import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useRef, useState } from 'react';
import type { FilterRule } from '@/utils/filter-rules';
import { FilterTextField } from './filter-text-field';

const searchDelayMs = 300;

/**
 * A search box over a URL parameter: each pause in typing, not each key, calls `onSearch` (and so asks
 * the service), and a value changed from outside (back button, a link) replaces what is shown. What
 * `rule` refuses is said under the box as it is typed; the list, reading the URL, sends nothing then.
 */
export function SearchField({
  label,
  value,
  onSearch,
  rule,
  description,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  rule: FilterRule;
  description?: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (seen !== value) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), searchDelayMs);
  };
  return (
    <FilterTextField
      label={label}
      value={text}
      rule={rule}
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
        htmlInput: description ? { 'aria-description': description } : undefined,
      }}
    />
  );
}
