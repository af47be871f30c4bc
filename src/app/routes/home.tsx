import Box from '@mui/material/Box';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { useOperator } from '@/features/auth/use-session';
import { FlaggedCard } from '@/features/home/flagged-card';
import { KeyFigures } from '@/features/home/key-figures';
import { PendingCard } from '@/features/home/pending-card';
import { QuickLinks } from '@/features/home/quick-links';
import { RecentActions } from '@/features/home/recent-actions';

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
