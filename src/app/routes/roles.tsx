import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { RolesList } from '@/features/roles/roles-list';

export default function RolesPage() {
  return (
    <>
      <PageHeader {...pageHeadings.roles} />
      <RolesList />
    </>
  );
}
