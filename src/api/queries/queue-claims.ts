import { queryOptions } from '@tanstack/react-query';
import { listQueueClaims } from '../live-queue';
import { pollIntervalMs } from './blocked-messages';

/**
 * Claims of the blocked-messages queue (who reviews what). The live queue's event stream writes
 * them into this query as they change; without the stream they are read with the list's polls.
 */
export const queueClaimQueries = {
  all: () => ['queue-claims'] as const,
  list: ({ poll = true }: { poll?: boolean } = {}) =>
    queryOptions({
      queryKey: queueClaimQueries.all(),
      queryFn: ({ signal }) => listQueueClaims(signal),
      refetchInterval: poll ? pollIntervalMs : false,
      staleTime: 0,
    }),
};
