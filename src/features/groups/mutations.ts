import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unbanGroupUser } from '@/api/groups';
import { groupQueries } from '@/api/queries/groups';

export function useUnbanUser(guid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => unbanGroupUser(guid, uid),
    // The banned pages shift, and any "banned from" scan of a user page is stale.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: groupQueries.bannedLists(guid) }),
        client.invalidateQueries({ queryKey: groupQueries.bannedScans() }),
      ]),
  });
}
