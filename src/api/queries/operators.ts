import { queryOptions } from '@tanstack/react-query';
import { listOperatorSessions, listOperators } from '../console';

/** Keys and reads of the console's operator accounts. */
export const operatorQueries = {
  all: () => ['operators'] as const,
  lists: () => [...operatorQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: operatorQueries.lists(),
      queryFn: ({ signal }) => listOperators(signal),
    }),
  allSessions: () => [...operatorQueries.all(), 'sessions'] as const,
  /** One operator's live sessions. */
  sessions: (username: string) =>
    queryOptions({
      queryKey: [...operatorQueries.allSessions(), username] as const,
      queryFn: ({ signal }) => listOperatorSessions(username, signal),
    }),
};
