import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getMessage, listMessages } from '@/api/messages';
import { listReactions, reactionPageLimit } from '@/api/reactions';
import type { Cursor } from '@/api/schemas/common';
import type { ConversationFilters } from './conversation-filters';

export const messagePageSize = 15;

export const messageQueries = {
  all: () => ['messages'] as const,
  details: () => [...messageQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...messageQueries.details(), id],
      queryFn: ({ signal }) => getMessage(id, signal),
    }),
  lists: () => [...messageQueries.all(), 'list'] as const,
  /** Newest first; each "Load more" follows the `meta.next` cursor of the last page. */
  conversation: (filters: ConversationFilters) =>
    infiniteQueryOptions({
      queryKey: [...messageQueries.lists(), 'conversation', filters],
      queryFn: ({ pageParam, signal }) =>
        listMessages(
          {
            conversationId: filters.conversationId,
            category: filters.category,
            type: filters.type,
            // The service ignores `toTimestamp` without `fromTimestamp`.
            fromTimestamp: filters.from ?? (filters.to === undefined ? undefined : 0),
            toTimestamp: filters.to,
            limit: messagePageSize,
            affix: pageParam?.affix,
            id: pageParam?.id,
          },
          signal,
        ),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: (last): Cursor | undefined =>
        last.meta.next && last.data.length + last.unsupported.length >= messagePageSize
          ? { affix: last.meta.next.affix, id: last.meta.next.id }
          : undefined,
      enabled: filters.conversationId !== '',
    }),
};

export const reactionQueries = {
  all: () => ['reactions'] as const,
  ofMessage: (messageId: string) => [...reactionQueries.all(), messageId] as const,
  /** Reaction records of a message (or of one reaction), oldest first, 100 per page. */
  list: (messageId: string, reaction: string | undefined) =>
    infiniteQueryOptions({
      queryKey: [...reactionQueries.ofMessage(messageId), { reaction: reaction ?? null }],
      queryFn: ({ pageParam, signal }) =>
        listReactions(messageId, { reaction, after: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) =>
        last.meta.next && last.data.length + last.unsupported.length >= reactionPageLimit
          ? last.meta.next.id
          : undefined,
    }),
};
