import { z } from '../zod';

/** A blocked message's id as the console accepts it in a claim (the service's ids are alpha-dash). */
export const claimMessageIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'A message id: letters, digits, "_" and "-".' });

/** Who is reviewing a blocked message, until when (the claim ends earlier on a decision). */
export const queueClaimSchema = z.object({
  messageId: z.string(),
  operator: z.string(),
  expiresAt: z.iso.datetime(),
});
export type QueueClaim = z.infer<typeof queueClaimSchema>;

export const queueClaimListSchema = z.object({
  data: z.array(queueClaimSchema),
  /** How long a claim lasts unless renewed, in seconds. */
  claimSeconds: z.number(),
});
export const queueClaimResponseSchema = z.object({ data: queueClaimSchema });

/** An item that left the service's list since the last poll, and what the console knows of why. */
export const goneItemSchema = z.object({
  messageId: z.string(),
  /** "Rejected by sam", or "Decided outside the console" when the audit trail has no decision. */
  note: z.string(),
  /**
   * The decision the console's audit trail holds, when it has one: what, by whom, when (so an open
   * dialog can say "Already rejected by sam at 14:02").
   */
  decided: z
    .object({
      status: z.enum(['approved', 'rejected', 'deleted']),
      by: z.string().nullable(),
      at: z.iso.datetime(),
    })
    .optional(),
});
export type GoneItem = z.infer<typeof goneItemSchema>;

/**
 * `event: queue`: the service's blocked list as the poll read it (its body, unchanged: the SPA reads
 * it with the list's own schema), with what arrived and what left since the previous poll.
 */
export const queueEventSchema = z.object({
  version: z.number(),
  list: z.unknown(),
  added: z.array(z.string()),
  removed: z.array(goneItemSchema),
});
export type QueueEvent = z.infer<typeof queueEventSchema>;

/** `event: claims`: every live claim, after any change. */
export const claimsEventSchema = z.object({ claims: z.array(queueClaimSchema) });

/** `event: status`: whether the console is reading the service, or paused and until when. */
export const pollerStatusEventSchema = z.union([
  z.object({ state: z.literal('starting') }),
  z.object({ state: z.literal('live'), at: z.number() }),
  z.object({
    state: z.literal('paused'),
    reason: z.enum(['rate-limited', 'unavailable']),
    retryInSeconds: z.number(),
    message: z.string(),
  }),
]);
export type PollerStatusEvent = z.infer<typeof pollerStatusEventSchema>;

/** `event: end`: the server closes the stream and the browser must not reconnect on its own. */
export const endEventSchema = z.object({
  reason: z.enum(['signed-out', 'closing']),
});
