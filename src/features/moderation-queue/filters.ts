import { z } from 'zod';
import type { ListBlockedMessagesParams } from '@/api/blocked-messages';

/** The queue's filters as they live in the URL: `?sender=&rule=&from=&to=` (times as local `YYYY-MM-DDTHH:mm`). */
export interface QueueFilters {
  sender: string;
  rule: string;
  from: string;
  to: string;
}

export const emptyFilters: QueueFilters = { sender: '', rule: '', from: '', to: '' };

const localTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

// A malformed value in a hand-edited or stale link is dropped, never an error page.
const filterParamsSchema = z.object({
  sender: z.string().trim().toLowerCase().regex(/^[a-z0-9_-]{1,100}$/).catch(''),
  rule: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,100}$/).catch(''),
  from: z.string().regex(localTime).catch(''),
  to: z.string().regex(localTime).catch(''),
});

export function readFilters(params: URLSearchParams): QueueFilters {
  return filterParamsSchema.parse({
    sender: params.get('sender') ?? '',
    rule: params.get('rule') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  });
}

/** Writes the filters into `params`, leaving other params (the tab) alone and dropping empty ones. */
export function writeFilters(params: URLSearchParams, filters: QueueFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['sender', 'rule', 'from', 'to'] as const) {
    const value = filters[key].trim();
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function hasFilters(filters: QueueFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** Local `YYYY-MM-DDTHH:mm` → Unix seconds. */
export function secondsFromLocal(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

export function toListParams(filters: QueueFilters): ListBlockedMessagesParams {
  const from = secondsFromLocal(filters.from);
  const to = secondsFromLocal(filters.to);
  return {
    sender: filters.sender || undefined,
    ruleId: filters.rule || undefined,
    fromTimestamp: from,
    // The end of the chosen minute is still inside the range. Without a start, the service ignores `to`.
    toTimestamp: to === undefined ? undefined : to + 59,
    ...(to !== undefined && from === undefined ? { fromTimestamp: 0 } : {}),
  };
}
