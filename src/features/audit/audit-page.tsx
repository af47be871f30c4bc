import Alert from '@mui/material/Alert';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { LoadingState } from '@/components/loading-state';
import { deniedReason } from '@/config/capabilities';
import { useOperator, useSession } from '@/features/auth/use-session';
import { AuditLog } from './audit-log';

/** The console's audit trail, for the operators allowed to read it; the others are told why not. */
export function AuditPage() {
  const session = useSession();
  const operator = useOperator();
  return (
    <>
      <PageHeader {...pageHeadings.audit} />
      {session.isPending ? (
        <LoadingState label="Loading" />
      ) : operator.can('readAudit') ? (
        <AuditLog />
      ) : (
        <Alert severity="info">{deniedReason('readAudit')}</Alert>
      )}
    </>
  );
}
