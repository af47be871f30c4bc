import { queryOptions } from '@tanstack/react-query';
import { listBlockedMessages } from '@/api/blocked-messages';
import { listAuditEntries } from '@/api/console';

/** Counting stops here; beyond it the home page says "500+". */
export const countCap = 500;
const pageLimit = 100;

async function countPending(signal: AbortSignal): Promise<{ count: number; capped: boolean }> {
  let count = 0;
  let cursor: string | undefined;
  while (count < countCap) {
    const page = await listBlockedMessages({ status: 'pending', limit: pageLimit, ...(cursor ? { affix: 'prepend', id: cursor } : {}) }, signal);
    count += page.data.length;
    cursor = page.meta.next?.id;
    if (!cursor) return { count, capped: false };
  }
  return { count, capped: true };
}

export const homeQueries = {
  /** How many blocked messages wait for review, and since when the oldest one waits. */
  pendingSummary: () =>
    queryOptions({
      queryKey: ['blocked-messages', 'summary'],
      queryFn: async ({ signal }) => {
        const [total, oldest] = await Promise.all([
          countPending(signal),
          listBlockedMessages({ status: 'pending', limit: 1, affix: 'append' }, signal),
        ]);
        const first = oldest.data[0];
        return { ...total, oldestBlockedAt: first?.createdAt, oldestId: first?.message.id };
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
