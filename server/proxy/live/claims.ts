import { z } from 'zod';
import type { QueueClaim } from '../../../src/api/schemas/live-queue';
import type { ConsoleStore } from '../store/store';

const claimRow = z.object({
  message_id: z.string(),
  operator: z.string(),
  expires_at: z.number(),
});

const toClaim = (row: z.infer<typeof claimRow>): QueueClaim => ({
  messageId: row.message_id,
  operator: row.operator,
  expiresAt: new Date(row.expires_at).toISOString(),
});

/** The claims that have not expired, by message id. */
export function activeClaims(store: ConsoleStore, now: number): QueueClaim[] {
  return z
    .array(claimRow)
    .parse(
      store
        .statement(
          'SELECT message_id, operator, expires_at FROM queue_claims WHERE expires_at > ? ORDER BY message_id',
        )
        .all(now),
    )
    .map(toClaim);
}

export type ClaimResult =
  | { ok: true; claim: QueueClaim; /** who held it before a take-over */ from: string | null }
  | { ok: false; heldBy: QueueClaim };

/**
 * Claims a message for an operator for `ms`: a new claim, a renewal of the operator's own, or with
 * `takeOver` one taken from whoever holds it. An operator reviews one message at a time, so their
 * other claims are released. Without `takeOver`, someone else's live claim is answered as held.
 */
export function claimMessage(
  store: ConsoleStore,
  input: { messageId: string; operator: string; now: number; ms: number; takeOver: boolean },
): ClaimResult {
  return store.sqlite.transaction((): ClaimResult => {
    const raw: unknown = store
      .statement(
        'SELECT message_id, operator, expires_at FROM queue_claims WHERE message_id = ? AND expires_at > ?',
      )
      .get(input.messageId, input.now);
    const held = raw === undefined ? undefined : claimRow.parse(raw);
    const other = held && held.operator !== input.operator ? held : undefined;
    if (other && !input.takeOver) return { ok: false, heldBy: toClaim(other) };
    store
      .statement('DELETE FROM queue_claims WHERE operator = ? AND message_id <> ?')
      .run(input.operator, input.messageId);
    const expiresAt = input.now + input.ms;
    store
      .statement(
        `INSERT INTO queue_claims (message_id, operator, claimed_at, expires_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (message_id) DO UPDATE SET operator = excluded.operator,
           claimed_at = CASE WHEN queue_claims.operator = excluded.operator
             AND queue_claims.expires_at > excluded.claimed_at
             THEN queue_claims.claimed_at ELSE excluded.claimed_at END,
           expires_at = excluded.expires_at`,
      )
      .run(input.messageId, input.operator, input.now, expiresAt);
    return {
      ok: true,
      claim: {
        messageId: input.messageId,
        operator: input.operator,
        expiresAt: new Date(expiresAt).toISOString(),
      },
      from: other?.operator ?? null,
    };
  })();
}

/** Releases an operator's claim on a message (nothing when they do not hold it); true if one went. */
export function releaseClaim(store: ConsoleStore, messageId: string, operator: string): boolean {
  return (
    store
      .statement('DELETE FROM queue_claims WHERE message_id = ? AND operator = ?')
      .run(messageId, operator).changes > 0
  );
}

/** The message was decided: whoever held it, the claim ends. */
export function releaseDecided(store: ConsoleStore, messageId: string): boolean {
  return (
    store.statement('DELETE FROM queue_claims WHERE message_id = ?').run(messageId).changes > 0
  );
}

/** Releases every claim of an operator (their last event stream closed); true if one went. */
export function releaseOperatorClaims(store: ConsoleStore, operator: string): boolean {
  return store.statement('DELETE FROM queue_claims WHERE operator = ?').run(operator).changes > 0;
}

/** Drops expired claims (housekeeping; reads already ignore them). */
export function purgeExpiredClaims(store: ConsoleStore, now: number): void {
  store.statement('DELETE FROM queue_claims WHERE expires_at <= ?').run(now);
}
