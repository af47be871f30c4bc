import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SearchField } from '@/components/search-field';
import { EmptyState } from '@/components/states';
import { formatCount } from '@/utils/format';
import { bannedRules } from './list-params';

/** The search over the loaded page, with why it searches only that page. */
export function BannedSearch(props: {
  q: string;
  onSearch: (q: string) => void;
  loaded: number;
  /** How many of the loaded match; undefined while there is no valid search. */
  matching: number | undefined;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
      <SearchField
        label="Search this page by uid or name"
        value={props.q}
        onSearch={props.onSearch}
        rule={bannedRules.q}
        description="The chat service has no search for banned users; this filters the page loaded."
      />
      <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 260px' }}>
        The chat service has no search for banned users, so this searches the{' '}
        {formatCount(props.loaded)} loaded on this page
        {props.matching === undefined ? '' : `: ${formatCount(props.matching)} match`}. Show more
        per page to search more at once.
      </Typography>
    </Box>
  );
}

/** How many banned users are selected, and the bulk unban of them. */
export function BannedSelectionBar(props: {
  count: number;
  unbanning: boolean;
  onClear: () => void;
  onUnban: () => void;
}) {
  return (
    <Box
      role="region"
      aria-label="Selected banned users"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
    >
      <Typography sx={{ flex: 1 }}>{formatCount(props.count)} selected</Typography>
      <Button onClick={props.onClear}>Clear selection</Button>
      <Button variant="contained" color="error" disabled={props.unbanning} onClick={props.onUnban}>
        {props.unbanning ? 'Unbanning…' : 'Unban selected'}
      </Button>
    </Box>
  );
}

/**
 * What an empty page says: nothing matches the search, or nobody is banned. Past the first page an
 * empty page says nothing and keeps its pager, to page back.
 */
export function bannedEmptyState(
  search: { q: string; page: number },
  loaded: number,
  name: string,
) {
  if (search.q)
    return (
      <EmptyState title="No banned user on this page matches" icon={<HowToRegOutlined />}>
        Nobody among the {formatCount(loaded)} loaded has “{search.q}” in their uid or name. Try
        another page or clear the search.
      </EmptyState>
    );
  if (search.page === 1)
    return (
      <EmptyState title="Nobody is banned" icon={<HowToRegOutlined />}>
        No user is banned from {name}. Users banned by its moderators or admins appear here.
      </EmptyState>
    );
  return null;
}
