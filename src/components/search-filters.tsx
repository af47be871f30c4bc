import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { FilterRule } from '@/utils/filter-rules';
import { SearchField } from './search-field';

/** A list's filter bar: a search box (debounced into the URL, replacing the entry) and the list's selects. */
export function SearchFilters(props: {
  /** The landmark's name: "Filter users". */
  label: string;
  searchLabel: string;
  searchDescription?: string;
  /** What the search accepts: the rule of the query parameter it becomes. */
  searchRule: FilterRule;
  q: string;
  onSearch: (q: string) => void;
  children: ReactNode;
}) {
  return (
    <Box
      role="search"
      aria-label={props.label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}
    >
      <SearchField
        label={props.searchLabel}
        value={props.q}
        onSearch={props.onSearch}
        rule={props.searchRule}
        {...(props.searchDescription ? { description: props.searchDescription } : {})}
      />
      {props.children}
    </Box>
  );
}
