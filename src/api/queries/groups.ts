import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  getGroup,
  listBannedUsers,
  listGroups,
  scanBannedGroups,
  type ListGroupsParams,
} from '../groups';
import { listGroupMembers, type ListGroupMembersParams } from '../group-members';

/** Keys and reads of groups, their banned users, and the "banned from" scan of a user. */
export const groupQueries = {
  all: () => ['groups'] as const,
  lists: () => [...groupQueries.all(), 'list'] as const,
  /** A page of groups; the groups list and the group picker read this shape. */
  list: (params: ListGroupsParams) =>
    queryOptions({
      queryKey: [...groupQueries.lists(), params] as const,
      queryFn: ({ signal }) => listGroups(params, signal),
      placeholderData: keepPreviousData,
    }),
  details: () => [...groupQueries.all(), 'detail'] as const,
  detail: (guid: string) =>
    queryOptions({
      queryKey: [...groupQueries.details(), guid] as const,
      queryFn: ({ signal }) => getGroup(guid, signal),
    }),
  bannedLists: (guid: string) => [...groupQueries.all(), 'banned', guid] as const,
  banned: (guid: string, params: { page: number; perPage: number }) =>
    queryOptions({
      queryKey: [...groupQueries.bannedLists(guid), params] as const,
      queryFn: ({ signal }) => listBannedUsers(guid, params, signal),
      placeholderData: keepPreviousData,
    }),
  memberLists: (guid: string) => [...groupQueries.all(), 'members', guid] as const,
  /** A page of the group's members (with scope); kicks and scope changes invalidate `memberLists`. */
  members: (guid: string, params: ListGroupMembersParams) =>
    queryOptions({
      queryKey: [...groupQueries.memberLists(guid), params] as const,
      queryFn: ({ signal }) => listGroupMembers(guid, params, signal),
      placeholderData: keepPreviousData,
    }),
  bannedScans: () => [...groupQueries.all(), 'banned-scan'] as const,
  /** The groups a user is banned from, among the first groups the service lists. */
  bannedScan: (uid: string) =>
    queryOptions({
      queryKey: [...groupQueries.bannedScans(), uid] as const,
      queryFn: ({ signal }) => scanBannedGroups(uid, signal),
      staleTime: 60_000,
    }),
};
