import { PageHeader } from '@/components/page-header';
import { InterruptedBulkRun } from '@/features/users/bulk/interrupted-bulk-run';
import { UsersDirectory } from '@/features/users/directory/users-directory';

export default function UsersPage() {
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Find end users by uid or name; deactivate or reactivate them in bulk."
      />
      <InterruptedBulkRun />
      <UsersDirectory />
    </>
  );
}
