import { AuditPage } from '@/features/audit/audit-page';

export default function AuditRoute() {
  return <AuditPage />;
}
