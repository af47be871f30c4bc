import { nextCursor } from './cursor';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { listReactions, reactionPageLimit } from '../reactions';

/** Keys and reads of the reaction records of messages. */
export const reactionQueries = {
  all: () => ['reactions'] as const,
  ofMessage: (messageId: string) => [...reactionQueries.all(), 'list', messageId] as const,
  /** Reaction records of a message (or of one reaction), oldest first, 100 per page. */
  list: (messageId: string, reaction: string | undefined) =>
    infiniteQueryOptions({
      queryKey: [...reactionQueries.ofMessage(messageId), { reaction: reaction ?? null }] as const,
      queryFn: ({ pageParam, signal }) =>
        listReactions(messageId, { reaction, after: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => nextCursor(reactionPageLimit)(last)?.id,
    }),
};
