import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { banGroupUser, unbanGroupUser } from '@/api/groups';
import { groupQueries } from '@/api/queries/groups';
import { userQueries } from '@/api/queries/users';
import { deactivateUsers, reactivateUsers } from '@/api/users';

export interface BanInput {
  guid: string;
  uid: string;
  reason: string;
}

/** Bans and unbans of one group: its banned pages and every "banned from" scan become stale. */
export function useGroupBan(kind: 'ban' | 'unban') {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: ({ guid, uid, reason }: BanInput) =>
      kind === 'ban' ? banGroupUser(guid, uid, { reason }) : unbanGroupUser(guid, uid, { reason }),
    onSuccess: (_answer, { guid }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: groupQueries.bannedLists(guid) }),
        client.invalidateQueries({ queryKey: groupQueries.bannedScans() }),
      ]),
  });
}

/** What a deactivation or reactivation of one user did, from the service's buckets. */
export type AccountChange = 'changed' | 'unchanged' | 'not-found';

/** Deactivates or reactivates one user, with the operator's reason; the users' reads become stale. */
export function useAccountChange(kind: 'deactivate' | 'reactivate') {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: async ({
      uid,
      reason,
    }: {
      uid: string;
      reason: string;
    }): Promise<AccountChange> => {
      if (kind === 'deactivate') {
        const answer = await deactivateUsers([uid], undefined, reason);
        if (answer?.deactivatedUids.includes(uid)) return 'changed';
        if (answer?.alreadyDeactivatedUids.includes(uid)) return 'unchanged';
        return answer?.notFound.includes(uid) ? 'not-found' : 'changed';
      }
      const answer = await reactivateUsers([uid], undefined, reason);
      if (answer?.reactivatedUids.includes(uid)) return 'changed';
      if (answer?.nonDeactivatedUids.includes(uid)) return 'unchanged';
      return answer?.notFound.includes(uid) ? 'not-found' : 'changed';
    },
    onSuccess: () => client.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
