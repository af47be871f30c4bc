import { queryOptions } from '@tanstack/react-query';
import { listModerationReasons } from '../moderation-reasons';

/** Keys and reads of moderation reasons (one unpaged list). */
export const moderationReasonQueries = {
  all: () => ['moderation-reasons'] as const,
  lists: () => [...moderationReasonQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: moderationReasonQueries.lists(),
      queryFn: ({ signal }) => listModerationReasons(signal),
    }),
};
