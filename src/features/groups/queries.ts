import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getGroup, listBannedUsers, listGroups, type ListGroupsParams } from '@/api/groups';

export const groupQueries = {
  all: () => ['groups'] as const,
  lists: () => [...groupQueries.all(), 'list'] as const,
  list: (params: ListGroupsParams) =>
    queryOptions({
      queryKey: [...groupQueries.lists(), params] as const,
      queryFn: ({ signal }) => listGroups(params, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (guid: string) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'detail', guid] as const,
      queryFn: ({ signal }) => getGroup(guid, signal),
    }),
  bannedLists: (guid: string) => [...groupQueries.all(), 'banned', guid] as const,
  banned: (guid: string, params: { page: number; perPage: number }) =>
    queryOptions({
      queryKey: [...groupQueries.bannedLists(guid), params] as const,
      queryFn: ({ signal }) => listBannedUsers(guid, params, signal),
      placeholderData: keepPreviousData,
    }),
};
