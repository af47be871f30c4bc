import { queryOptions } from '@tanstack/react-query';
import { listBlockedMessages } from '@/api/blocked-messages';
import { listMessages } from '@/api/messages';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { getUser } from '@/api/users';
import { rateLimitRetryDelay, retryRateLimited } from './rate-limit';

/** How often the queue asks the service for its blocked list again. */
export const pollIntervalMs = 15_000;
/** Messages shown before and after the blocked one in the context panel. */
export const contextSize = 4;

const rateLimited = { retry: retryRateLimited, retryDelay: rateLimitRetryDelay };

export const queueQueries = {
  all: () => ['blocked-messages'] as const,
  lists: () => [...queueQueries.all(), 'list'] as const,
  /**
   * The service's blocked list as it answers now: no parameters (none is documented), no paging,
   * polled while the queue is open. The queue pins what it shows and compares each answer with it, so
   * a poll never moves the list under the moderator.
   */
  list: () =>
    queryOptions({
      queryKey: queueQueries.lists(),
      queryFn: ({ signal }) => listBlockedMessages(signal),
      refetchInterval: pollIntervalMs,
      refetchOnMount: 'always',
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
