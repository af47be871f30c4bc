import { queryOptions } from '@tanstack/react-query';
import { listReviewedMessages } from '@/api/blocked-messages';
import { listAuditEntries } from '@/api/console';
import { toAuditParams, type AuditFilters } from './audit-filters';
import { queueQueries } from './queries';
import { rateLimitRetryDelay, retryRateLimited } from './rate-limit';

export const historyQueries = {
  all: () => [...queueQueries.all(), 'history'] as const,
  /**
   * The service's reviewed list as it answers (newest decision first, up to its limit; no documented
   * parameters, so no paging): both decisions at once, each view filters it.
   */
  reviewed: () =>
    queryOptions({
      queryKey: [...historyQueries.all(), 'reviewed'],
      queryFn: ({ signal }) => listReviewedMessages(signal),
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
