import { PageHeader } from '@/components/page-header';
import { RolesList } from '@/features/roles/roles-list';

export default function RolesPage() {
  return (
    <>
      <PageHeader
        title="Roles"
        subtitle="The end-user roles of the chat app. Open one to review or edit what its users may do."
      />
      <RolesList />
    </>
  );
}
