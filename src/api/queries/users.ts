import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { findUser, getUser, listUsers, type ListUsersParams } from '../users';

/**
 * Keys and reads of users (`GET /users`, `GET /users/{uid}`). Each entry has its own second key
 * segment, so two shapes of "a user" never share a cache entry.
 */
export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  /** A page of users; the directory, the pickers and the bulk tools all read this shape. */
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
  /** The user as `GET /users/{uid}` answers (404 for a deactivated user). */
  detail: (uid: string) =>
    queryOptions({
      queryKey: [...userQueries.details(), uid] as const,
      queryFn: ({ signal }) => getUser(uid, signal),
      // Names and roles shown beside messages change rarely.
      staleTime: 60_000,
    }),
  founds: () => [...userQueries.all(), 'found'] as const,
  /** `{ user, deactivated }`: the user, found among the deactivated ones when `GET /users/{uid}` says 404. */
  found: (uid: string) =>
    queryOptions({
      queryKey: [...userQueries.founds(), uid] as const,
      queryFn: ({ signal }) => findUser(uid, signal),
    }),
};
