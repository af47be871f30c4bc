import Alert from '@mui/material/Alert';
import { PageHeader } from '@/components/page-header';
import { LoadingState } from '@/components/states';
import { deniedReason } from '@/config/capabilities';
import { AuditLog } from '@/features/audit/audit-log';
import { useOperator, useSession } from '@/features/auth/use-session';

export default function AuditPage() {
  const session = useSession();
  const operator = useOperator();
  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle="Every change made through the console and every refused attempt, recorded by the console server."
      />
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
