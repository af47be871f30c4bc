import type { OperatorRole } from '../../../src/api/schemas/session';
import type { ConsoleStore } from '../store/store';
import { hashToken, OperatorError, operatorsLock } from './operators';

/** What an operator of the identity provider's has in place of a password hash: nothing verifies. */
const noPassword = 'sso';

/** A sign-in in progress: what the provider's answer must match, and where to go after. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

/** Sign-ins in progress kept at most: anyone may start one, so the table must stay bounded. */
export const maxPendingSignIns = 10_000;

/**
 * Keeps a sign-in in progress; false when `maxPendingSignIns` unexpired ones are waiting already
 * (a flood of starts: the caller refuses this one). Counted and kept under one lock, so replicas
 * starting sign-ins together cannot pass the bound.
 */
export function savePendingSignIn(
  store: ConsoleStore,
  browserId: string,
  pending: PendingSignIn,
  now: number,
  expiresAt: number,
): Promise<boolean> {
  return store.exclusive('sso-sign-ins', async (trx) => {
    await trx.deleteFrom('sso_sign_ins').where('expires_at', '<=', now).execute();
    const { waiting } = await trx
      .selectFrom('sso_sign_ins')
      .select((eb) => eb.fn.countAll<number>().as('waiting'))
      .executeTakeFirstOrThrow();
    if (waiting >= maxPendingSignIns) return false;
    await trx
      .insertInto('sso_sign_ins')
      .values({
        id_hash: hashToken(browserId),
        state: pending.state,
        nonce: pending.nonce,
        code_verifier: pending.codeVerifier,
        return_to: pending.returnTo,
        expires_at: expiresAt,
      })
      .execute();
    return true;
  });
}

/**
 * Spends the browser's sign-in in progress: once (one statement deletes and reads it, so of two
 * callbacks at once only one gets it), and only before it expires.
 */
export async function takePendingSignIn(
  store: ConsoleStore,
  browserId: string,
  now: number,
): Promise<PendingSignIn | undefined> {
  const row = await store.db
    .deleteFrom('sso_sign_ins')
    .where('id_hash', '=', hashToken(browserId))
    .where('expires_at', '>', now)
    .returning(['state', 'nonce', 'code_verifier', 'return_to'])
    .executeTakeFirst();
  await store.db.deleteFrom('sso_sign_ins').where('expires_at', '<=', now).execute();
  if (row === undefined) return undefined;
  return {
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    returnTo: row.return_to,
  };
}

/**
 * A console username from the provider's claims: `preferred_username`, else the part of `email`
 * before the @, lowercased, with characters a username cannot hold replaced by `-`.
 */
export function usernameFromClaims(claims: Readonly<Record<string, unknown>>): string | undefined {
  const candidates = [claims.preferred_username, claims.email, claims.sub];
  for (const value of candidates) {
    if (typeof value !== 'string') continue;
    const local = value.includes('@') ? value.slice(0, value.indexOf('@')) : value;
    const name = local
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z]+/, '')
      .slice(0, 32);
    if (name.length >= 2) return name;
  }
  return undefined;
}

/**
 * The operator of this provider subject, created on first sign-in, its role set from the provider
 * each time. A password operator of the same name is never taken over: that sign-in is refused.
 * Under the operators' lock, so two first sign-ins of one subject create one operator.
 */
export async function upsertSsoOperator(
  store: ConsoleStore,
  input: { subject: string; username: string; role: OperatorRole; now: number },
): Promise<{ id: number; username: string; role: OperatorRole; created: boolean }> {
  const operator = await store.exclusive(operatorsLock, async (trx) => {
    const found = await trx
      .selectFrom('operators')
      .select(['id', 'username', 'role'])
      .where('sso_subject', '=', input.subject)
      .executeTakeFirst();
    if (found !== undefined) {
      if (found.role !== input.role) {
        await trx
          .updateTable('operators')
          .set({ role: input.role })
          .where('id', '=', found.id)
          .execute();
      }
      return { id: found.id, username: found.username, role: input.role, created: false };
    }
    // A name taken by a password operator, also one added at this moment without the lock.
    const inserted = await trx
      .insertInto('operators')
      .values({
        username: input.username,
        role: input.role,
        password_hash: noPassword,
        created_at: input.now,
        password_changed_at: input.now,
        sso_subject: input.subject,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted === undefined) {
      throw new OperatorError(
        'EXISTS',
        `An operator named "${input.username}" already signs in another way; an admin must remove or rename it before this account can sign in with single sign-on.`,
      );
    }
    return { id: inserted.id, username: input.username, role: input.role, created: true };
  });
  // A role the provider changed holds on every replica before the sign-in ends (decision 0065).
  if (!operator.created) await store.authWatch?.settled();
  return operator;
}

/** The provider no longer grants a role: the operator's sessions end (the account stays, audited). */
export async function endSessionsOfSubject(store: ConsoleStore, subject: string): Promise<number> {
  const result = await store.db
    .deleteFrom('sessions')
    .where('operator_id', 'in', (eb) =>
      eb.selectFrom('operators').select('operators.id').where('sso_subject', '=', subject),
    )
    .executeTakeFirst();
  // Every replica holds what was just written before this returns (decision 0065).
  await store.authWatch?.settled();
  return Number(result.numDeletedRows);
}

/** Whether the operator signs in through the identity provider. */
export async function isSsoOperator(store: ConsoleStore, operatorId: number): Promise<boolean> {
  const row = await store.db
    .selectFrom('operators')
    .select('id')
    .where('id', '=', operatorId)
    .where('sso_subject', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
