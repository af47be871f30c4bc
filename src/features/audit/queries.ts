import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listAuditEntries, type AuditListParams } from '@/api/console';

export const auditQueries = {
  all: () => ['audit'] as const,
  lists: () => [...auditQueries.all(), 'list'] as const,
  list: (params: AuditListParams) =>
    queryOptions({
      queryKey: [...auditQueries.lists(), params] as const,
      queryFn: ({ signal }) => listAuditEntries(params, signal),
      placeholderData: keepPreviousData,
    }),
};
