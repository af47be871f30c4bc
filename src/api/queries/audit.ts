import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditListParams } from '../console';

// The query client names this key space at start-up; the reader (and zod with its schemas) loads
// with the first audit read, not with the first page.
const audit = () => import('../console');

/**
 * Keys and reads of the console's audit trail. The audit page, home's recent actions and the queue's
 * history all read `list`, so every write of the console refreshes them through `all()`.
 */
export const auditQueries = {
  all: () => ['audit'] as const,
  lists: () => [...auditQueries.all(), 'list'] as const,
  list: (params: AuditListParams) =>
    queryOptions({
      queryKey: [...auditQueries.lists(), params] as const,
      queryFn: async ({ signal }) => (await audit()).listAuditEntries(params, signal),
      placeholderData: keepPreviousData,
    }),
};
