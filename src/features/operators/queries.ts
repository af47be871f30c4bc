import { queryOptions } from '@tanstack/react-query';
import { listOperators } from '@/api/console';

export const operatorQueries = {
  all: () => ['operators'] as const,
  list: () =>
    queryOptions({
      queryKey: [...operatorQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => listOperators(signal),
    }),
};
