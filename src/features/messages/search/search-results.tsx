import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { describeError } from '@/api/errors';
import type { MessageSearch } from '@/api/message-search';
import { messageQueries } from '@/api/queries/messages';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { formatCount } from '@/utils/format';
import { searchResultSpec } from './search-columns';
import { SearchExport } from './search-export';

/**
 * The messages found, newest first, in the shared table; "Load more" follows the service's cursor
 * (`meta.next`), and a failed "Load more" keeps what is shown. "Export CSV" downloads every result.
 */
export function SearchResults({ search, query }: { search: MessageSearch; query: string }) {
  const results = useInfiniteQuery(messageQueries.search(search));
  const pages = results.data?.pages;
  const rows = pages?.flatMap((page) => page.data) ?? [];
  const unsupported = pages?.flatMap((page) => page.unsupported) ?? [];
  const moreError = results.isFetchNextPageError ? describeError(results.error) : undefined;
  return (
    <>
      <PagedTable
        spec={searchResultSpec}
        query={{
          data: pages ? { data: rows, unsupported } : undefined,
          isPending: results.isPending,
          isError: results.isError && pages === undefined,
          error: results.error,
          isFetching: results.isFetching && !results.isFetchingNextPage,
          refetch: () => results.refetch(),
        }}
        errorTitle="The search failed"
        updatingLabel="Updating the results"
        empty={
          <EmptyState title="No messages found" icon={<SearchOffOutlined />}>
            Nothing matches every filter. Widen the time window or remove a filter.
          </EmptyState>
        }
      />
      {pages && rows.length > 0 ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Typography variant="body2" color="textSecondary" role="status">
            {formatCount(rows.length)} message{rows.length === 1 ? '' : 's'} shown
            {moreError ? ` · ${moreError}` : ''}
          </Typography>
          {results.hasNextPage ? (
            <Button
              variant="outlined"
              onClick={() => void results.fetchNextPage()}
              disabled={results.isFetchingNextPage}
            >
              {results.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
          <Box sx={{ flex: '1 1 auto' }} />
          <SearchExport search={search} query={query} />
        </Box>
      ) : null}
    </>
  );
}
