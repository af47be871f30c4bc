import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ViewTabs, type ViewTab } from '@/components/view-tabs';
import { pageHeadings } from '@/config/page-headings';
import { LoadingState } from '@/components/loading-state';
import { deniedReason } from '@/config/capabilities';
import { useOperator } from '@/features/auth/use-session';
import { useListState } from '@/utils/use-list-state';
import { queueFilterParams } from '@/features/moderation-queue/queue/filters';
import { QueueView, type QueuePermissions } from '@/features/moderation-queue/queue/queue-view';
import { QueueSwitch } from '@/features/moderation-queue/queue-switch';

// The history (tables, audit filters) is its own chunk: the queue is what loads first.
const HistoryView = lazy(() =>
  import('@/features/moderation-queue/history/history-view').then((m) => ({
    default: m.HistoryView,
  })),
);

type View = 'queue' | 'history';

const blockedViews: ViewTab<View>[] = [
  { value: 'queue', label: 'Queue', id: 'blocked-tab-queue', panelId: 'blocked-panel-queue' },
  {
    value: 'history',
    label: 'History',
    id: 'blocked-tab-history',
    panelId: 'blocked-panel-history',
  },
];

export default function BlockedMessagesPage() {
  const operator = useOperator();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'history' ? 'history' : 'queue';
  // One object per URL change: the queue filters its loaded items with it.
  const { state: filters, update: applyFilters } = useListState(queueFilterParams);
  const permissions: QueuePermissions = {
    review: operator.can('moderateBlocked') || deniedReason('moderateBlocked'),
    delete: operator.can('deleteMessage') || deniedReason('deleteMessage'),
    deletePermanently: operator.can('deleteMessagePermanently'),
  };

  const showView = (next: View) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'history') nextParams.set('view', 'history');
    else nextParams.delete('view');
    setParams(nextParams);
  };

  return (
    <>
      <PageHeader {...pageHeadings.blocked} />
      <QueueSwitch current="blocked" />
      <ViewTabs
        label="Blocked messages views"
        tabs={blockedViews}
        value={view}
        onChange={showView}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      />
      {view === 'queue' ? (
        <Box role="tabpanel" id="blocked-panel-queue" aria-labelledby="blocked-tab-queue">
          <QueueView filters={filters} permissions={permissions} onApplyFilters={applyFilters} />
        </Box>
      ) : (
        <Box role="tabpanel" id="blocked-panel-history" aria-labelledby="blocked-tab-history">
          <Suspense fallback={<LoadingState label="Loading the history" />}>
            <HistoryView canReadAudit={operator.can('readModerationHistory')} />
          </Suspense>
        </Box>
      )}
    </>
  );
}
