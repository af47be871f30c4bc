import type { z } from 'zod';
import {
  blockedMessageListResponseSchema,
  type BlockedMessageListResponse,
} from '@/api/schemas/blocked-message';
import {
  claimsEventSchema,
  endEventSchema,
  pollerStatusEventSchema,
  queueEventSchema,
  type GoneItem,
  type QueueClaim,
} from '@/api/schemas/live-queue';
import { decidedFromLive, type DecidedElsewhere } from './decided-elsewhere';
import { upperFirst } from '@/utils/format';

const json = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
};

/**
 * `event: queue` of a list's stream: the list read with its own schema, to put in the cache, and
 * what left with why; undefined when unreadable.
 */
export function readListEvent<T>(
  data: string,
  schema: z.ZodType<T>,
): { list: T; removed: GoneItem[] } | undefined {
  const event = queueEventSchema.safeParse(json(data));
  if (!event.success) return undefined;
  const list = schema.safeParse(event.data.list);
  return list.success ? { list: list.data, removed: event.data.removed } : undefined;
}

/** `event: queue` of the blocked list's stream. */
export const readQueueEvent = (
  data: string,
): { list: BlockedMessageListResponse; removed: GoneItem[] } | undefined =>
  readListEvent(data, blockedMessageListResponseSchema);

export const readClaimsEvent = (data: string): QueueClaim[] | undefined =>
  claimsEventSchema.safeParse(json(data)).data?.claims;

/** `event: status`: the pause in words ("live updates paused: …"), or null when live again. */
export function readStatusEvent(data: string): string | null | undefined {
  const status = pollerStatusEventSchema.safeParse(json(data));
  if (!status.success) return undefined;
  return status.data.state === 'paused' ? status.data.message : null;
}

export const readEndEvent = (data: string) => endEventSchema.safeParse(json(data)).data?.reason;

/** Notes of items that left, kept until the moderator moves on (the newest note wins). */
export function withNotes(
  notes: ReadonlyMap<string, string>,
  removed: readonly GoneItem[],
): ReadonlyMap<string, string> {
  if (removed.length === 0) return notes;
  const next = new Map(notes);
  for (const gone of removed) next.set(gone.messageId, gone.note);
  return next;
}

/** The decisions named for items that left (who, what, when), by message id. */
export function withDecisions(
  decisions: ReadonlyMap<string, DecidedElsewhere>,
  removed: readonly GoneItem[],
): ReadonlyMap<string, DecidedElsewhere> {
  const named = removed.filter((gone) => gone.decided !== undefined);
  if (named.length === 0) return decisions;
  const next = new Map(decisions);
  for (const gone of named)
    if (gone.decided) next.set(gone.messageId, decidedFromLive(gone.decided));
  return next;
}

/**
 * Who else reviews what: message id → operator, leaving out the moderator's own claims (and, given
 * `now`, expired ones; the console server already leaves those out of what it sends).
 */
export function othersClaims(
  claims: readonly QueueClaim[] | undefined,
  me: string | undefined,
  now?: number,
): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const claim of claims ?? [])
    if (claim.operator !== me && (now === undefined || Date.parse(claim.expiresAt) > now))
      map.set(claim.messageId, claim.operator);
  return map;
}

/** "Alex is reviewing": the operator's name with a capital, as people read it. */
export const reviewingText = (operator: string) => `${upperFirst(operator)} is reviewing`;
