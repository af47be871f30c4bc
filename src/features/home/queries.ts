import { queryOptions } from '@tanstack/react-query';
import { isPendingBlocked, listBlockedMessages } from '@/api/blocked-messages';
import { listAuditEntries } from '@/api/console';

export const homeQueries = {
  /**
   * How many blocked messages wait, from the one documented list (no parameters, no paging): the
   * pending items it answered, `capped` when the answer is full at its limit so more may wait beyond.
   */
  pendingSummary: () =>
    queryOptions({
      queryKey: ['blocked-messages', 'summary'],
      queryFn: async ({ signal }) => {
        const answer = await listBlockedMessages(signal);
        const pending = answer.data.filter(isPendingBlocked);
        const answered = answer.data.length + answer.unsupported.length;
        const blockedAt = pending.map((item) => item.createdAt ?? item.message.sentAt);
        return {
          count: pending.length,
          capped: answered >= answer.meta.current.limit || answer.meta.next !== undefined,
          limit: answer.meta.current.limit,
          unreadable: answer.unsupported.length,
          oldestBlockedAt: blockedAt.length > 0 ? Math.min(...blockedAt) : undefined,
        };
      },
      staleTime: 0,
      refetchInterval: 60_000,
    }),
  /** The latest operator actions that changed something (admins only: the audit trail). */
  recentActions: () =>
    queryOptions({
      queryKey: ['console', 'audit', 'recent'],
      queryFn: async ({ signal }) => (await listAuditEntries({ page: 1, perPage: 6 }, signal)).data,
      staleTime: 0,
    }),
};
