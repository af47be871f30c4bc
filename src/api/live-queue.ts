import { request } from './http';
import { z } from './zod';
import {
  queueClaimListSchema,
  queueClaimResponseSchema,
  type QueueClaim,
} from './schemas/live-queue';

/** The live queue's Server-Sent Events: the blocked list as the console server polls it, claims, state. */
export const queueEventsUrl = '/console/queue/events';

/** The same for the flagged list: its items, the flags that left and why, claims, state. */
export const flaggedEventsUrl = '/console/queue/events?list=flagged';

const claimPath = (messageId: string) => `/console/queue/claims/${encodeURIComponent(messageId)}`;

/** Every live claim, and how long a claim lasts unless renewed. */
export const listQueueClaims = (signal?: AbortSignal) =>
  request('/console/queue/claims', queueClaimListSchema, { signal });

/**
 * Claims (or renews the claim on) a message for the signed-in moderator, releasing their other
 * claim; 409 `CONSOLE_CLAIMED` (details `operator`, `expiresAt`) when someone else reviews it.
 */
export const claimQueueItem = async (messageId: string): Promise<QueueClaim> =>
  (await request(claimPath(messageId), queueClaimResponseSchema, { method: 'POST' })).data;

/** Takes the review over from whoever holds it (recorded in the audit trail). */
export const takeOverQueueItem = async (messageId: string): Promise<QueueClaim> =>
  (await request(`${claimPath(messageId)}/take-over`, queueClaimResponseSchema, { method: 'POST' }))
    .data;

/** Gives a claim back. */
export const releaseQueueItem = (messageId: string) =>
  request(claimPath(messageId), z.unknown(), { method: 'DELETE' });

/**
 * Gives a claim back while the page goes away: `keepalive` lets the request outlive the page, and
 * its answer is never read.
 */
export function releaseQueueItemOnLeave(messageId: string): void {
  void fetch(claimPath(messageId), {
    method: 'DELETE',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'x-requested-with': 'chat-admin-console' },
  }).catch(() => undefined);
}
