import { z } from '@/api/zod';
import type { InsightsRange } from '@/api/schemas/insights';

/** The page's URL state: `?range=24h|7d|30d`, 7 days when absent or malformed. */
export const insightsParams = z.object({
  range: z.enum(['24h', '7d', '30d']).catch('7d'),
});

export const rangeLabels: Readonly<Record<InsightsRange, string>> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
