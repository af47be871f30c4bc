import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { InterruptedBulkRun } from '@/features/users/bulk/interrupted-bulk-run';
import { UsersDirectory } from '@/features/users/directory/users-directory';

export default function UsersPage() {
  return (
    <>
      <PageHeader {...pageHeadings.users} />
      <InterruptedBulkRun />
      <UsersDirectory />
    </>
  );
}
