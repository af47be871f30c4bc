import Box from '@mui/material/Box';
import { auditQueries } from '@/api/queries/audit';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import { insightsQueries } from '@/api/queries/insights';
import { sessionQueries } from '@/api/queries/session';
import { can } from '@/config/capabilities';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { useOperator } from '@/features/auth/use-session';
import { FlaggedCard } from '@/features/home/flagged-card';
import { KeyFigures, keyFiguresRange } from '@/features/home/key-figures';
import { PendingCard } from '@/features/home/pending-card';
import { QuickLinks } from '@/features/home/quick-links';
import { RecentActions, recentParams } from '@/features/home/recent-actions';
import type { FirstReads } from '../router';

/** What the cards the operator's role sees read, asked for together once the session is known. */
export const firstReads: FirstReads = (client) => {
  const role = client.getQueryData(sessionQueries.current().queryKey)?.role;
  if (!role) return;
  if (can(role, 'readInsights')) void client.prefetchQuery(insightsQueries.range(keyFiguresRange));
  void client.prefetchQuery(blockedMessageQueries.summary());
  void client.prefetchQuery(flaggedMessageQueries.summary());
  if (can(role, 'readAudit')) void client.prefetchQuery(auditQueries.list(recentParams));
};

export default function HomePage() {
  const operator = useOperator();
  const role = operator.role;
  return (
    <>
      <PageHeader {...pageHeadings.home({ username: operator.username })} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        {operator.can('readInsights') ? <KeyFigures /> : null}
        <PendingCard />
        <FlaggedCard />
        {operator.can('readAudit') ? <RecentActions /> : null}
        {role ? (
          <QuickLinks role={role} title={role === 'admin' ? 'Quick links' : 'Your shortcuts'} />
        ) : null}
      </Box>
    </>
  );
}
