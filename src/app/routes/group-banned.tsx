import { useParams } from 'react-router';
import { BannedUsers } from '@/features/groups/banned-users';

export default function GroupBannedPage() {
  const { guid = '' } = useParams();
  return <BannedUsers key={guid} guid={guid} />;
}
