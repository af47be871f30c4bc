import type { QueueClaim } from '../../../src/api/schemas/live-queue';
import type { ConsoleStore } from '../store/store';

interface ClaimRow {
  message_id: string;
  operator: string;
  expires_at: number;
}

const toClaim = (row: ClaimRow): QueueClaim => ({
  messageId: row.message_id,
  operator: row.operator,
  expiresAt: new Date(row.expires_at).toISOString(),
});

/** The claims that have not expired, by message id. */
export async function activeClaims(store: ConsoleStore, now: number): Promise<QueueClaim[]> {
  const rows = await store.db
    .selectFrom('queue_claims')
    .select(['message_id', 'operator', 'expires_at'])
    .where('expires_at', '>', now)
    .orderBy('message_id')
    .execute();
  return rows.map(toClaim);
}

export type ClaimResult =
  | { ok: true; claim: QueueClaim; /** who held it before a take-over */ from: string | null }
  | { ok: false; heldBy: QueueClaim };

/**
 * Claims a message for an operator for `ms`: a new claim, a renewal of the operator's own, or with
 * `takeOver` one taken from whoever holds it. An operator reviews one message at a time, so their
 * other claims are released. Without `takeOver`, someone else's live claim is answered as held.
 *
 * Reading who holds the message and writing the claim happen under the store's `queue-claims`
 * lock, so two replicas (or two requests) cannot both find the message free and both claim it.
 */
export function claimMessage(
  store: ConsoleStore,
  input: { messageId: string; operator: string; now: number; ms: number; takeOver: boolean },
): Promise<ClaimResult> {
  return store.exclusive('queue-claims', async (trx): Promise<ClaimResult> => {
    const held = await trx
      .selectFrom('queue_claims')
      .select(['message_id', 'operator', 'expires_at'])
      .where('message_id', '=', input.messageId)
      .where('expires_at', '>', input.now)
      .executeTakeFirst();
    const other = held && held.operator !== input.operator ? held : undefined;
    if (other && !input.takeOver) return { ok: false, heldBy: toClaim(other) };
    await trx
      .deleteFrom('queue_claims')
      .where('operator', '=', input.operator)
      .where('message_id', '<>', input.messageId)
      .execute();
    const expiresAt = input.now + input.ms;
    await trx
      .insertInto('queue_claims')
      .values({
        message_id: input.messageId,
        operator: input.operator,
        claimed_at: input.now,
        expires_at: expiresAt,
      })
      .onConflict((oc) =>
        oc.column('message_id').doUpdateSet((eb) => ({
          operator: eb.ref('excluded.operator'),
          // A renewal of one's own live claim keeps when it began.
          claimed_at: eb
            .case()
            .when(
              eb.and([
                eb('queue_claims.operator', '=', eb.ref('excluded.operator')),
                eb('queue_claims.expires_at', '>', eb.ref('excluded.claimed_at')),
              ]),
            )
            .then(eb.ref('queue_claims.claimed_at'))
            .else(eb.ref('excluded.claimed_at'))
            .end(),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute();
    return {
      ok: true,
      claim: {
        messageId: input.messageId,
        operator: input.operator,
        expiresAt: new Date(expiresAt).toISOString(),
      },
      from: other?.operator ?? null,
    };
  });
}

const deleted = (result: { numDeletedRows: bigint }) => result.numDeletedRows > 0n;

/** Releases an operator's claim on a message (nothing when they do not hold it); true if one went. */
export async function releaseClaim(
  store: ConsoleStore,
  messageId: string,
  operator: string,
): Promise<boolean> {
  return deleted(
    await store.db
      .deleteFrom('queue_claims')
      .where('message_id', '=', messageId)
      .where('operator', '=', operator)
      .executeTakeFirst(),
  );
}

/** The message was decided: whoever held it, the claim ends. */
export async function releaseDecided(store: ConsoleStore, messageId: string): Promise<boolean> {
  return deleted(
    await store.db
      .deleteFrom('queue_claims')
      .where('message_id', '=', messageId)
      .executeTakeFirst(),
  );
}

/** Releases every claim of an operator (their last event stream closed); true if one went. */
export async function releaseOperatorClaims(
  store: ConsoleStore,
  operator: string,
): Promise<boolean> {
  return deleted(
    await store.db.deleteFrom('queue_claims').where('operator', '=', operator).executeTakeFirst(),
  );
}

/** Drops expired claims (housekeeping; reads already ignore them). */
export async function purgeExpiredClaims(store: ConsoleStore, now: number): Promise<void> {
  await store.db.deleteFrom('queue_claims').where('expires_at', '<=', now).execute();
}
