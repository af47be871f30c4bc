import { queryOptions } from '@tanstack/react-query';
import {
  listBlockedMessages,
  listReviewedMessages,
  summarizePendingBlocked,
} from '../blocked-messages';

/** How often the queue asks the service for its blocked list again. */
export const pollIntervalMs = 15_000;

/** Keys and reads of blocked messages: the queue (pending), its summary, and the reviewed ones. */
export const blockedMessageQueries = {
  all: () => ['blocked-messages'] as const,
  lists: () => [...blockedMessageQueries.all(), 'list'] as const,
  /**
   * The service's blocked list as it answers now: no parameters (none is documented), no paging,
   * polled while the queue is open (`poll: false` while the live queue's stream feeds it instead). The
   * queue pins what it shows and compares each answer with it, so a poll never moves the list under
   * the moderator.
   */
  list: ({ poll = true }: { poll?: boolean } = {}) =>
    queryOptions({
      queryKey: blockedMessageQueries.lists(),
      queryFn: ({ signal }) => listBlockedMessages(signal),
      refetchInterval: poll ? pollIntervalMs : false,
      refetchOnMount: 'always',
      staleTime: 0,
    }),
  /** How many wait and since when (home), from the same list. */
  summary: () =>
    queryOptions({
      queryKey: [...blockedMessageQueries.all(), 'summary'] as const,
      queryFn: ({ signal }) => summarizePendingBlocked(signal),
      staleTime: 0,
      refetchInterval: 60_000,
    }),
  /**
   * The service's reviewed list as it answers (newest decision first, up to its limit; no documented
   * parameters, so no paging): both decisions at once, each view filters it.
   */
  reviewed: () =>
    queryOptions({
      queryKey: [...blockedMessageQueries.all(), 'reviewed'] as const,
      queryFn: ({ signal }) => listReviewedMessages(signal),
    }),
};
