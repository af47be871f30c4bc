import { useParams } from 'react-router';
import { GroupMembers } from '@/features/groups/group-members';

export default function GroupMembersPage() {
  const { guid = '' } = useParams();
  return <GroupMembers key={guid} guid={guid} />;
}
