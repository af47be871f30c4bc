import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { listBlockedMessages } from '@/api/blocked-messages';
import { listMessages } from '@/api/messages';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { getUser } from '@/api/users';
import { toListParams, type QueueFilters } from './filters';
import { rateLimitRetryDelay, retryRateLimited } from './rate-limit';

export const pageSize = 25;
/** How often the queue looks for items newer than the newest shown. */
export const pollIntervalMs = 15_000;
/** Messages shown before and after the blocked one in the context panel. */
export const contextSize = 4;

const rateLimited = { retry: retryRateLimited, retryDelay: rateLimitRetryDelay };

export const queueQueries = {
  all: () => ['blocked-messages'] as const,
  lists: () => [...queueQueries.all(), 'list'] as const,
  /**
   * Pending items, newest first, one cursor page per "Load more". It refreshes only when the page mounts:
   * new arrivals come in through `newer`, so the list never moves under the moderator.
   */
  list: (filters: QueueFilters) =>
    infiniteQueryOptions({
      queryKey: [...queueQueries.lists(), filters],
      queryFn: ({ pageParam, signal }) =>
        listBlockedMessages(
          { ...toListParams(filters), status: 'pending', limit: pageSize, ...(pageParam ? { affix: 'prepend', id: pageParam } : {}) },
          signal,
        ),
      initialPageParam: '',
      getNextPageParam: (last): string | undefined => (last.data.length >= pageSize ? (last.meta.next?.id ?? last.data.at(-1)?.message.id) : undefined),
      staleTime: Infinity,
      refetchOnMount: 'always',
      refetchOnReconnect: false,
      ...rateLimited,
    }),
  /** Pending items newer than `sinceId` (oldest first), polled while the queue is open. */
  newer: (filters: QueueFilters, sinceId: string | undefined) =>
    queryOptions({
      queryKey: [...queueQueries.all(), 'newer', filters, sinceId ?? ''],
      queryFn: ({ signal }) =>
        listBlockedMessages(
          { ...toListParams(filters), status: 'pending', limit: 100, ...(sinceId ? { affix: 'append', id: sinceId } : {}) },
          signal,
        ),
      refetchInterval: pollIntervalMs,
      staleTime: 0,
      ...rateLimited,
    }),
};

export const contextQueries = {
  /** A few messages of the same conversation before and after the blocked one. */
  around: (item: BlockedMessage) =>
    queryOptions({
      queryKey: ['messages', 'around', item.message.conversationId, item.message.id],
      queryFn: async ({ signal }) => {
        const base = { conversationId: item.message.conversationId, id: item.message.id, limit: contextSize };
        const [before, after] = await Promise.all([
          listMessages({ ...base, affix: 'prepend' }, signal),
          listMessages({ ...base, affix: 'append' }, signal),
        ]);
        return {
          before: [...before.data].filter((m) => m.id !== item.message.id).sort((a, b) => Number(a.id) - Number(b.id)),
          after: [...after.data].filter((m) => m.id !== item.message.id).sort((a, b) => Number(a.id) - Number(b.id)),
        };
      },
      staleTime: 30_000,
      ...rateLimited,
    }),
  user: (uid: string) =>
    queryOptions({
      queryKey: ['users', 'detail', uid],
      queryFn: ({ signal }) => getUser(uid, signal),
      staleTime: 60_000,
      ...rateLimited,
    }),
};
