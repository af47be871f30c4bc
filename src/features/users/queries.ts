import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listMessages } from '@/api/messages';
import { listRoles } from '@/api/roles';
import { getNotificationPreferences } from '@/api/notifications';
import { listUsers, type ListUsersParams } from '@/api/users';
import { findUser } from './find-user';
import { scanBannedGroups } from './banned-groups-scan';
import { userConversationId } from './conversation-id';

export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  list: (params: ListUsersParams) =>
    queryOptions({
      queryKey: [...userQueries.lists(), params] as const,
      queryFn: ({ signal }) => listUsers(params, signal),
      placeholderData: keepPreviousData,
      // Pages next to the shown one are fetched ahead (use-page-read-ahead.ts): fresh for long enough
      // that a page change paints from the cache instead of asking again.
      staleTime: 15_000,
    }),
  details: () => [...userQueries.all(), 'detail'] as const,
  /** A user, found among the deactivated ones when `GET /users/{uid}` says it does not exist. */
  detail: (uid: string) =>
    queryOptions({
      queryKey: [...userQueries.details(), uid] as const,
      queryFn: ({ signal }) => findUser(uid, signal),
    }),
  /** End-user roles for the role filter. */
  roleOptions: () =>
    queryOptions({
      queryKey: ['roles', 'options'] as const,
      queryFn: async ({ signal }) => (await listRoles({ perPage: 100 }, signal)).data,
      staleTime: 5 * 60_000,
    }),
  bannedIn: (uid: string) =>
    queryOptions({
      queryKey: ['groups', 'banned-scan', uid] as const,
      queryFn: ({ signal }) => scanBannedGroups(uid, signal),
      staleTime: 60_000,
    }),
  /** The latest messages of the 1:1 conversation of two users, newest first. */
  conversationMessages: (a: string, b: string) => {
    const conversationId = userConversationId(a, b);
    return queryOptions({
      queryKey: ['messages', 'list', { conversationId, limit: 20, affix: 'prepend' }] as const,
      queryFn: ({ signal }) =>
        listMessages({ conversationId, limit: 20, affix: 'prepend' }, signal),
    });
  },
};

export const notificationQueries = {
  all: () => ['notification-preferences'] as const,
  detail: (uid: string) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), uid] as const,
      queryFn: ({ signal }) => getNotificationPreferences(uid, signal),
    }),
};
