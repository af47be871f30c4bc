import { queryOptions } from '@tanstack/react-query';
import { listOperators } from '../console';

/** Keys and reads of the console's operator accounts. */
export const operatorQueries = {
  all: () => ['operators'] as const,
  lists: () => [...operatorQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: operatorQueries.lists(),
      queryFn: ({ signal }) => listOperators(signal),
    }),
};
