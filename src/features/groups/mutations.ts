import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { banGroupUser, unbanGroupUser } from '@/api/groups';
import { changeMemberScope, kickGroupMember } from '@/api/group-members';
import type { Explanation } from '@/api/explanation';
import type { MemberScope } from '@/api/schemas/group';
import { groupQueries } from '@/api/queries/groups';
import { unbanAll } from './bulk-unban';

/**
 * Every ban or unban: the group's banned pages shift, any "banned from" scan of a user is stale, and a
 * ban removes the member from the members pages.
 */
function useBansChanged(guid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: groupQueries.bannedLists(guid) }),
      client.invalidateQueries({ queryKey: groupQueries.bannedScans() }),
      client.invalidateQueries({ queryKey: groupQueries.memberLists(guid) }),
      client.invalidateQueries({ queryKey: groupQueries.detail(guid).queryKey }),
    ]);
}

/** A kick or a scope change: the group's members pages (and its member count) change. */
function useMembersChanged(guid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: groupQueries.memberLists(guid) }),
      client.invalidateQueries({ queryKey: groupQueries.detail(guid).queryKey }),
    ]);
}

/** Removes a member from the group (they may join again); the reason goes to the audit trail only. */
export function useKickMember(guid: string) {
  const changed = useMembersChanged(guid);
  return useSingleMutation({
    mutationFn: ({ uid, explanation }: { uid: string; explanation: Explanation }) =>
      kickGroupMember(guid, uid, explanation),
    onSuccess: changed,
  });
}

/** Gives a member another scope in the group; the reason goes to the audit trail only. */
export function useChangeMemberScope(guid: string) {
  const changed = useMembersChanged(guid);
  return useSingleMutation({
    mutationFn: (input: { uid: string; scope: MemberScope; explanation: Explanation }) =>
      changeMemberScope(guid, input.uid, input.scope, input.explanation),
    onSuccess: changed,
  });
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
