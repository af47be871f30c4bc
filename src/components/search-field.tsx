import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useRef, useState } from 'react';
import type { FilterRule } from '@/utils/filter-rules';
import { FilterTextField } from './filter-text-field';

const searchDelayMs = 300;

/**
 * A search box over a URL parameter: each pause in typing, not each key, calls `onSearch` (and so asks
 * the service), and a value changed from outside (back button, a link) replaces what is shown. Leaving
 * the box ends the pause at once: the click that took the focus (a row's link) then acts after the
 * search, instead of the search landing after the click and undoing it. What `rule` refuses is said
 * under the box as it is typed; the list, reading the URL, sends nothing then.
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
  // The search typed and not sent yet.
  const waiting = useRef<string | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const send = () => {
    clearTimeout(timer.current);
    const next = waiting.current;
    waiting.current = undefined;
    if (next !== undefined) onSearch(next);
  };
  const type = (next: string) => {
    setText(next);
    waiting.current = next.trim();
    clearTimeout(timer.current);
    timer.current = setTimeout(send, searchDelayMs);
  };
  return (
    <FilterTextField
      label={label}
      value={text}
      rule={rule}
      onChange={(event) => type(event.target.value)}
      onBlur={send}
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
