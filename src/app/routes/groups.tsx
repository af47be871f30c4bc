import { PageHeader } from '@/components/page-header';
import { GroupsList } from '@/features/groups/groups-list';

export default function GroupsPage() {
  return (
    <>
      <PageHeader title="Groups" subtitle="Find a group and look at its banned users." />
      <GroupsList />
    </>
  );
}
