import { z } from 'zod';
import { operatorRoleSchema, type OperatorRole } from '../../../src/api/schemas/session';
import type { ConsoleStore } from '../store/store';
import { hashToken, OperatorError } from './operators';

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
 * (a flood of starts: the caller refuses this one).
 */
export function savePendingSignIn(
  store: ConsoleStore,
  browserId: string,
  pending: PendingSignIn,
  now: number,
  expiresAt: number,
): boolean {
  store.statement('DELETE FROM sso_sign_ins WHERE expires_at <= ?').run(now);
  const waiting = z
    .number()
    .parse(store.statement('SELECT count(*) FROM sso_sign_ins').pluck().get());
  if (waiting >= maxPendingSignIns) return false;
  store
    .statement(
      'INSERT INTO sso_sign_ins (id_hash, state, nonce, code_verifier, return_to, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(
      hashToken(browserId),
      pending.state,
      pending.nonce,
      pending.codeVerifier,
      pending.returnTo,
      expiresAt,
    );
  return true;
}

const pendingRowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  code_verifier: z.string(),
  return_to: z.string(),
});

/** Spends the browser's sign-in in progress: once, and only before it expires. */
export function takePendingSignIn(
  store: ConsoleStore,
  browserId: string,
  now: number,
): PendingSignIn | undefined {
  store.statement('DELETE FROM sso_sign_ins WHERE expires_at <= ?').run(now);
  const row: unknown = store
    .statement(
      'DELETE FROM sso_sign_ins WHERE id_hash = ? RETURNING state, nonce, code_verifier, return_to',
    )
    .get(hashToken(browserId));
  if (row === undefined) return undefined;
  const parsed = pendingRowSchema.parse(row);
  return {
    state: parsed.state,
    nonce: parsed.nonce,
    codeVerifier: parsed.code_verifier,
    returnTo: parsed.return_to,
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

const operatorRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: operatorRoleSchema,
  sso_subject: z.string().nullable(),
});

/**
 * The operator of this provider subject, created on first sign-in, its role set from the provider
 * each time. A password operator of the same name is never taken over: that sign-in is refused.
 */
export function upsertSsoOperator(
  store: ConsoleStore,
  input: { subject: string; username: string; role: OperatorRole; now: number },
): { id: number; username: string; role: OperatorRole; created: boolean } {
  return store.sqlite.transaction(() => {
    const bySubject: unknown = store
      .statement('SELECT id, username, role, sso_subject FROM operators WHERE sso_subject = ?')
      .get(input.subject);
    if (bySubject !== undefined) {
      const found = operatorRowSchema.parse(bySubject);
      if (found.role !== input.role) {
        store.statement('UPDATE operators SET role = ? WHERE id = ?').run(input.role, found.id);
      }
      return { id: found.id, username: found.username, role: input.role, created: false };
    }
    const byName: unknown = store
      .statement('SELECT id, username, role, sso_subject FROM operators WHERE username = ?')
      .get(input.username);
    if (byName !== undefined) {
      throw new OperatorError(
        'EXISTS',
        `An operator named "${input.username}" already signs in another way; an admin must remove or rename it before this account can sign in with single sign-on.`,
      );
    }
    const info = store
      .statement(
        'INSERT INTO operators (username, role, password_hash, created_at, password_changed_at, sso_subject) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(input.username, input.role, noPassword, input.now, input.now, input.subject);
    return {
      id: Number(info.lastInsertRowid),
      username: input.username,
      role: input.role,
      created: true,
    };
  })();
}

/** The provider no longer grants a role: the operator's sessions end (the account stays, audited). */
export function endSessionsOfSubject(store: ConsoleStore, subject: string): number {
  return store
    .statement(
      'DELETE FROM sessions WHERE operator_id IN (SELECT id FROM operators WHERE sso_subject = ?)',
    )
    .run(subject).changes;
}

/** Whether the operator signs in through the identity provider. */
export function isSsoOperator(store: ConsoleStore, operatorId: number): boolean {
  return (
    store
      .statement('SELECT 1 FROM operators WHERE id = ? AND sso_subject IS NOT NULL')
      .get(operatorId) !== undefined
  );
}
