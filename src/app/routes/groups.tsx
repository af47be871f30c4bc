import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { GroupsList } from '@/features/groups/groups-list';

export default function GroupsPage() {
  return (
    <>
      <PageHeader {...pageHeadings.groups} />
      <GroupsList />
    </>
  );
}
