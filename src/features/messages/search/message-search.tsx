import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { isEmptySearch } from '@/api/message-search';
import { EmptyState } from '@/components/states';
import { SearchForm } from './search-form';
import { readSearchForm, searchOf, writeSearchForm } from './search-query';
import { SearchResults } from './search-results';

/**
 * Message search: the form and the results of the search in the URL. A URL the service would refuse
 * shows its errors in the form and sends nothing.
 */
export function MessageSearch() {
  const [params, setParams] = useSearchParams();
  const form = readSearchForm(params);
  const fromUrl = writeSearchForm(form).size > 0;
  const search = searchOf(form);
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <SearchForm
          key={params.toString()}
          initial={form}
          check={fromUrl}
          onSearch={(values) => setParams(writeSearchForm(values))}
          onClear={() => setParams(new URLSearchParams())}
        />
      </Paper>
      {search && !isEmptySearch(search) ? (
        <SearchResults search={search} query={writeSearchForm(form).toString()} />
      ) : (
        <EmptyState title="Search messages" icon={<SearchOutlined />}>
          {fromUrl
            ? 'Correct the marked fields to search.'
            : 'Find messages by their words, their sender, their conversation, when they were sent or what they hold.'}
        </EmptyState>
      )}
    </Stack>
  );
}
