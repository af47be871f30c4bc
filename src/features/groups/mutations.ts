import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { banGroupUser, unbanGroupUser } from '@/api/groups';
import { groupQueries } from '@/api/queries/groups';
import { unbanAll } from './bulk-unban';

/** Every ban or unban: the group's banned pages shift, and any "banned from" scan of a user is stale. */
function useBansChanged(guid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: groupQueries.bannedLists(guid) }),
      client.invalidateQueries({ queryKey: groupQueries.bannedScans() }),
    ]);
}

export function useUnbanUser(guid: string) {
  const changed = useBansChanged(guid);
  return useSingleMutation({
    mutationFn: (uid: string) => unbanGroupUser(guid, uid),
    onSuccess: changed,
  });
}

/** Bans a member; the reason goes to the console's audit trail only (the service takes none). */
export function useBanUser(guid: string) {
  const changed = useBansChanged(guid);
  return useSingleMutation({
    mutationFn: ({ uid, reason }: { uid: string; reason: string }) =>
      banGroupUser(guid, uid, { reason }),
    onSuccess: changed,
  });
}

/** Unbans a selection, each uid with its own result; the lists refresh whatever the results. */
export function useBulkUnban(guid: string) {
  const changed = useBansChanged(guid);
  return useSingleMutation({
    mutationFn: ({ uids, reason }: { uids: readonly string[]; reason: string }) =>
      unbanAll(uids, (uid) => unbanGroupUser(guid, uid, { reason })),
    onSettled: changed,
  });
}
