import { queryOptions } from '@tanstack/react-query';
import { listFlaggedMessages, summarizePendingFlagged } from '../flagged-messages';
import { pollIntervalMs } from './blocked-messages';

/**
 * Keys and reads of flagged messages: the queue (pending flags) and its summary. The decided flags
 * are in the reviewed list the blocked queue reads: `blockedMessageQueries.reviewed()`, its `flags`.
 */
export const flaggedMessageQueries = {
  all: () => ['flagged-messages'] as const,
  lists: () => [...flaggedMessageQueries.all(), 'list'] as const,
  /**
   * The service's flagged list as it answers now: no parameters (none is documented), no paging,
   * polled while the queue is open (`poll: false` when something else feeds it).
   */
  list: ({ poll = true }: { poll?: boolean } = {}) =>
    queryOptions({
      queryKey: flaggedMessageQueries.lists(),
      queryFn: ({ signal }) => listFlaggedMessages(signal),
      refetchInterval: poll ? pollIntervalMs : false,
      refetchOnMount: 'always',
      staleTime: 0,
    }),
  /** How many flagged messages wait, how many reports, since when (home), from the same list. */
  summary: () =>
    queryOptions({
      queryKey: [...flaggedMessageQueries.all(), 'summary'] as const,
      queryFn: ({ signal }) => summarizePendingFlagged(signal),
      staleTime: 0,
      refetchInterval: 60_000,
    }),
};
