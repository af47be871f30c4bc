import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ViewTabs } from '@/components/view-tabs';
import { pageHeadings } from '@/config/page-headings';
import { EmptyState } from '@/components/states';
import { paths } from '@/config/paths';
import { InvalidFiltersState } from '@/components/invalid-filters';
import { filterErrors, hasFilterErrors } from '@/utils/filter-rules';
import {
  filtersOf,
  messageFilterRules,
  readSelection,
  writeSelection,
  type ConversationSelection,
} from '@/features/messages/conversation/conversation-filters';
import { ConversationPicker } from '@/features/messages/conversation/conversation-picker';
import { MessageFilters } from '@/features/messages/conversation/message-filters';
import { MessageIdSearch } from '@/features/messages/conversation/message-id-search';
import { MessageList } from '@/features/messages/conversation/message-list';
import { MessageSearch } from '@/features/messages/search/message-search';

/** The conversation browser's own parameters: a link with them opens the browser. */
const browseParams = ['view', 'mode', 'a', 'b', 'group'];

const findViews = [
  { value: 'search', label: 'Search', id: 'tab-search', panelId: 'panel-search' },
  { value: 'browse', label: 'Browse a conversation', id: 'tab-browse', panelId: 'panel-browse' },
] as const;

export default function MessagesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const selection = readSelection(params);
  const filters = filtersOf(selection);
  // A filter the service would refuse is never sent: the list says so instead.
  const invalid = hasFilterErrors(filterErrors(messageFilterRules, selection));
  const browsing = browseParams.some((key) => params.has(key));
  const update = (next: Partial<ConversationSelection>) => {
    const written = writeSelection({ ...selection, ...next });
    if (!written.has('a') && !written.has('b') && !written.has('group'))
      written.set('view', 'browse');
    setParams(written);
  };

  return (
    <>
      <PageHeader {...pageHeadings.messages} />
      <Stack spacing={3}>
        <MessageIdSearch onOpen={(id) => void navigate(paths.message.href(id))} />
        <ViewTabs
          label="How to find messages"
          tabs={findViews}
          value={browsing ? 'browse' : 'search'}
          onChange={(view) =>
            setParams(view === 'browse' ? new URLSearchParams({ view: 'browse' }) : undefined)
          }
        />
        {browsing ? (
          <Stack spacing={3} role="tabpanel" id="panel-browse" aria-labelledby="tab-browse">
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="browse-heading"
              sx={{ p: 2 }}
            >
              <Typography id="browse-heading" variant="h2" sx={{ mb: 2 }}>
                Browse a conversation
              </Typography>
              <Stack spacing={2}>
                <ConversationPicker value={selection} onChange={update} />
                <MessageFilters value={selection} onChange={update} />
              </Stack>
            </Paper>
            {filters.conversationId && invalid ? (
              <InvalidFiltersState />
            ) : filters.conversationId ? (
              <MessageList filters={filters} />
            ) : (
              <EmptyState title="No conversation chosen" icon={<ForumOutlined />}>
                Pick two users for a one-on-one conversation, or a group.
              </EmptyState>
            )}
          </Stack>
        ) : (
          <div role="tabpanel" id="panel-search" aria-labelledby="tab-search">
            <MessageSearch />
          </div>
        )}
      </Stack>
    </>
  );
}
