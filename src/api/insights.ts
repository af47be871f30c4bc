import { request } from './http';
import { insightsResponseSchema, type InsightsRange } from './schemas/insights';

/** The moderation figures of a range, computed by the console server (admins and moderators). */
export const getInsights = async (range: InsightsRange, signal?: AbortSignal) =>
  (await request('/console/insights', insightsResponseSchema, { query: { range }, signal })).data;
