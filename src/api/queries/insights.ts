import { queryOptions } from '@tanstack/react-query';
import type { InsightsRange } from '../schemas/insights';

// The home page reads the figures too: the reader (and its schema) loads with the first read.
const insights = () => import('../insights');

/** Keys and reads of the moderation insights: one read per range. */
export const insightsQueries = {
  all: () => ['insights'] as const,
  range: (range: InsightsRange) =>
    queryOptions({
      queryKey: [...insightsQueries.all(), range] as const,
      queryFn: async ({ signal }) => (await insights()).getInsights(range, signal),
      // Each read also reads the service's queue: not again on every focus within half a minute.
      staleTime: 30_000,
    }),
};
