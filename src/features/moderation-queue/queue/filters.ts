import { z } from '@/api/zod';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { listMessagesQuerySchema } from '@/api/schemas/message-query';
import type { FilterRules } from '@/utils/filter-rules';
import type { ListState } from '@/utils/list-state';
import { blockedAt } from '../item-info';

const localTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The queue's filters as they live in the URL: `?rule=&sender=&from=&to=` (times as local
 * `YYYY-MM-DDTHH:mm`). They narrow the loaded items in the page, never the request. A malformed rule
 * or time in a hand-edited or stale link is dropped; the sender is kept as written, for its rule to
 * judge (`queueFilterRules`), so a uid that cannot be one is said instead of matching everything.
 */
export const queueFilterParams = z.object({
  rule: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/)
    .catch(''),
  sender: z.string().trim().toLowerCase().catch(''),
  from: z.string().regex(localTime).catch(''),
  to: z.string().regex(localTime).catch(''),
});
export type QueueFilters = ListState<typeof queueFilterParams>;

/** The sender is a uid, as `GET /messages`'s `sender` takes one. */
export const queueFilterRules = {
  sender: listMessagesQuerySchema.shape.sender,
} as const satisfies FilterRules;

export const emptyFilters: QueueFilters = { sender: '', rule: '', from: '', to: '' };

export function hasFilters(filters: QueueFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** Local `YYYY-MM-DDTHH:mm` → Unix seconds. */
export function secondsFromLocal(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

/**
 * Whether a loaded item passes the filters. The service documents no filter on its blocked list, so
 * the queue filters what it loaded: sender uid, rule id, and the time the rule blocked the message
 * (the end of the chosen "until" minute included).
 */
export function matchesFilters(item: BlockedMessage, filters: QueueFilters): boolean {
  if (filters.sender && item.message.sender.toLowerCase() !== filters.sender.toLowerCase())
    return false;
  if (filters.rule && item.ruleId !== filters.rule) return false;
  const at = blockedAt(item);
  const from = secondsFromLocal(filters.from);
  const to = secondsFromLocal(filters.to);
  if (from !== undefined && at < from) return false;
  if (to !== undefined && at > to + 59) return false;
  return true;
}
