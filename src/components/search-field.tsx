import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useRef, useState } from 'react';
import type { FilterRule } from '@/utils/filter-rules';
import { FilterTextField } from './filter-text-field';

const searchDelayMs = 300;

/**
 * A search box over a URL parameter: each pause in typing, not each key, calls `onSearch` (and so asks
 * the service), and a value changed from outside (back button, a link) replaces what is shown. Leaving
 * the box ends the pause at once (see `leave`), so the search never lands after a click and undoes it.
 * What `rule` refuses is said under the box as it is typed; the list, reading the URL, sends nothing then.
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
  const drop = () => {
    clearTimeout(timer.current);
    waiting.current = undefined;
  };
  // The focus went to `next`. To a link (a row's, pressed just after typing) the search is held: sent
  // at the press, it would change the list before the release, and the click would be lost or land on
  // another row. The link followed inside the console leaves the page, and the search is dropped;
  // otherwise (a new tab, the focus moving on) it is sent then.
  const leave = (next: EventTarget | null) => {
    if (!(next instanceof HTMLAnchorElement)) return send();
    clearTimeout(timer.current);
    const settle = (event: Event) => {
      next.removeEventListener('click', settle);
      next.removeEventListener('blur', settle);
      if (event.type === 'blur') return send();
      // After the click's own handlers: the router's link prevents the default when it navigates.
      setTimeout(() => (event.defaultPrevented ? drop() : send()));
    };
    next.addEventListener('click', settle);
    next.addEventListener('blur', settle);
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
      onBlur={(event) => leave(event.relatedTarget)}
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
