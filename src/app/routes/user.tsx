import { useParams } from 'react-router';
import { paramClasses } from '@/api/contract/param-classes';
import { groupQueries } from '@/api/queries/groups';
import { userQueries } from '@/api/queries/users';
import { UserDetail } from '@/features/users/detail/user-detail';
import type { FirstReads } from '../router';

/**
 * The user and the scan of the groups' bans, asked for by the route before the page renders: a
 * query's own read would leave only once the page has committed, and the scan, the page's longest
 * chain of requests, needs only the uid, so it starts beside the user's read.
 */
export const firstReads: FirstReads = (client, { params }) => {
  const uid = params.uid ?? '';
  if (!paramClasses.id(uid)) return;
  void client.prefetchQuery(userQueries.found(uid));
  void client.prefetchQuery(groupQueries.bannedScan(uid));
};

export default function UserPage() {
  const { uid = '' } = useParams();
  // A new uid is a new page: no state carries over from the previous user.
  return <UserDetail key={uid} uid={uid} />;
}
