import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { listBlockedMessages } from '@/api/blocked-messages';
import { listAuditEntries } from '@/api/console';
import { toAuditParams, type AuditFilters } from './audit-filters';
import { queueQueries } from './queries';
import { rateLimitRetryDelay, retryRateLimited } from './rate-limit';

export type Decision = 'approved' | 'rejected';
export const historyPageSize = 25;

export const historyQueries = {
  all: () => [...queueQueries.all(), 'history'] as const,
  /** Items the service holds as approved or as rejected (deleted ones are rejected and carry `deletedAt`). */
  decisions: (decision: Decision) =>
    infiniteQueryOptions({
      queryKey: [...historyQueries.all(), 'decisions', decision],
      queryFn: ({ pageParam, signal }) =>
        listBlockedMessages({ status: decision, limit: historyPageSize, ...(pageParam ? { affix: 'prepend', id: pageParam } : {}) }, signal),
      initialPageParam: '',
      getNextPageParam: (last): string | undefined => (last.data.length >= historyPageSize ? last.meta.next?.id : undefined),
      retry: retryRateLimited,
      retryDelay: rateLimitRetryDelay,
    }),
  /** One page of the console's audit trail for one kind of decision (admins only). */
  audit: (filters: AuditFilters, perPage: number) =>
    queryOptions({
      queryKey: [...historyQueries.all(), 'audit', filters, perPage],
      queryFn: ({ signal }) => listAuditEntries(toAuditParams(filters, perPage), signal),
      retry: retryRateLimited,
      retryDelay: rateLimitRetryDelay,
    }),
};
