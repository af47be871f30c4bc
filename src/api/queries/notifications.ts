import { queryOptions } from '@tanstack/react-query';
import { getNotificationPreferences } from '../notifications';

/** Keys and reads of a user's notification preferences. */
export const notificationQueries = {
  all: () => ['notification-preferences'] as const,
  details: () => [...notificationQueries.all(), 'detail'] as const,
  detail: (uid: string) =>
    queryOptions({
      queryKey: [...notificationQueries.details(), uid] as const,
      queryFn: ({ signal }) => getNotificationPreferences(uid, signal),
    }),
};
