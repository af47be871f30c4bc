import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useDeferredValue, useState } from 'react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import { insightsQueries } from '@/api/queries/insights';
import type { OperatorRole } from '@/api/schemas/session';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { deniedReason } from '@/config/capabilities';
import { useOperator, useSession } from '@/features/auth/use-session';
import { downloadBlob } from '@/utils/download';
import { useListState } from '@/utils/use-list-state';
import { insightsToCsv } from './figures-format';
import { FlagFiguresSection } from './flag-figures-section';
import { InsightsFigures } from './insights-figures';
import { insightsParams, rangeLabels } from './range';

const ranges = ['24h', '7d', '30d'] as const;

/**
 * The range buttons drawn as one group. Not MUI's ToggleButtonGroup: its roving tab index sets
 * state from each button's ref as the page is committed, which re-renders the page at once with
 * every effect of the page run first, in the same task (decision 0063). Each button is a stop of
 * its own instead.
 */
const joinedButtons = {
  display: 'inline-flex',
  '& > :not(:first-of-type)': { ml: '-1px', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
  '& > :not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
} as const;

function Insights({ role }: { role: OperatorRole | undefined }) {
  const { state, update } = useListState(insightsParams);
  const figures = useQuery(insightsQueries.range(state.range));
  // The flags' reads start with the figures' but their section first shows once the figures are
  // in, below them: shown before, it would be pushed down the screen when they arrive.
  usePrefetchQuery(flaggedMessageQueries.list({ poll: false }));
  usePrefetchQuery(blockedMessageQueries.reviewed());
  const data = figures.data;
  // Drawn in a render of its own, in slices, after the one the answer causes: the figures are the
  // page's longest render, which would otherwise block the page in one task.
  const shown = useDeferredValue(data);
  const [figuresIn, setFiguresIn] = useState(false);
  if (!figuresIn && (shown !== undefined || figures.isError)) setFiguresIn(true);
  return (
    <>
      <PageHeader
        {...pageHeadings.insights({ role })}
        actions={
          <>
            <Box role="group" aria-label="Range" sx={joinedButtons}>
              {ranges.map((range) => (
                <ToggleButton
                  key={range}
                  value={range}
                  size="small"
                  selected={state.range === range}
                  aria-label={rangeLabels[range]}
                  onChange={() => update({ range })}
                >
                  {range}
                </ToggleButton>
              ))}
            </Box>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              disabled={!data}
              onClick={() => {
                if (!data) return;
                const day = new Date(data.to).toISOString().slice(0, 10);
                downloadBlob(
                  new Blob([insightsToCsv(data)], { type: 'text/csv;charset=utf-8' }),
                  `moderation-insights-${data.range}-${day}.csv`,
                );
              }}
            >
              Export CSV
            </Button>
          </>
        }
      />
      {figures.isError ? (
        <ErrorState
          error={figures.error}
          title="The figures could not be loaded"
          onRetry={() => void figures.refetch()}
        />
      ) : shown ? (
        <InsightsFigures figures={shown} />
      ) : (
        <LoadingState label="Computing the figures" />
      )}
      {figuresIn ? <FlagFiguresSection timeToDecision={data?.flagTimeToDecision} /> : null}
    </>
  );
}

/** The moderation insights, for the operators allowed to read them; the others are told why not. */
export function InsightsPage() {
  const session = useSession();
  const operator = useOperator();
  if (session.isPending) return <LoadingState label="Loading" />;
  if (!operator.can('readInsights')) {
    return (
      <>
        <PageHeader {...pageHeadings.insights({ role: operator.role })} />
        <Alert severity="info">{deniedReason('readInsights')}</Alert>
      </>
    );
  }
  return <Insights role={operator.role} />;
}
