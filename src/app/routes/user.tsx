import { useParams } from 'react-router';
import { UserDetail } from '@/features/users/detail/user-detail';

export default function UserPage() {
  const { uid = '' } = useParams();
  // A new uid is a new page: no state carries over from the previous user.
  return <UserDetail key={uid} uid={uid} />;
}
