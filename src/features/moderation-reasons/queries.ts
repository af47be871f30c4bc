import { queryOptions } from '@tanstack/react-query';
import { listModerationReasons } from '@/api/moderation-reasons';

export const reasonQueries = {
  all: () => ['moderation-reasons'] as const,
  lists: () => [...reasonQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: reasonQueries.lists(),
      queryFn: ({ signal }) => listModerationReasons(signal),
    }),
};
