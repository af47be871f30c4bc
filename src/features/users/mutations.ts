import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { resetNotificationPreferences, updateNotificationPreferences } from '@/api/notifications';
import { auditQueries } from '@/api/queries/audit';
import { messageQueries } from '@/api/queries/messages';
import { notificationQueries } from '@/api/queries/notifications';
import { userQueries } from '@/api/queries/users';
import type { UpdateNotificationPreferencesBody } from '@/api/schemas/notification';
import { markConversationDelivered, reactivateUsers } from '@/api/users';

/** Reactivates one user; the result buckets say whether anything changed. */
export function useReactivateUser() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: (uid: string) => reactivateUsers([uid]),
    onSuccess: () => client.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

export function useResetNotificationPreferences(uid: string) {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: () => resetNotificationPreferences(uid),
    // The answer is the preferences now in force; without one, they are read again.
    onSuccess: (preferences) =>
      preferences
        ? client.setQueryData(notificationQueries.detail(uid).queryKey, preferences)
        : client.invalidateQueries({ queryKey: notificationQueries.detail(uid).queryKey }),
  });
}

/** Changes some preferences (the documented partial `PATCH`); the answer is what is now in force. */
export function useUpdateNotificationPreferences(uid: string) {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: (body: UpdateNotificationPreferencesBody) =>
      updateNotificationPreferences(uid, body),
    onSuccess: async (preferences) => {
      client.setQueryData(notificationQueries.detail(uid).queryKey, preferences);
      // The console recorded the change: the user's "console actions" list shows it.
      await client.invalidateQueries({ queryKey: auditQueries.all() });
    },
  });
}

export function useMarkDelivered() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: (input: {
      otherUid: string;
      receiverUid: string;
      messageId?: number | undefined;
    }) => markConversationDelivered(input.otherUid, input.receiverUid, input.messageId),
    onSuccess: () => client.invalidateQueries({ queryKey: messageQueries.all() }),
  });
}
