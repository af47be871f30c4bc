import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { operatorRoleSchema, type OperatorRole } from '../../../src/api/schemas/session';
import { hashToken } from './operators';
import type { ConsoleStore } from '../store/store';

/** ASVS L2: re-authenticate after 30 minutes of inactivity or 12 hours in all. */
export const sessionIdleMs = 30 * 60 * 1000;
export const sessionAbsoluteMs = 12 * 60 * 60 * 1000;
// Refreshing last-seen on every request would cost a synced write each time; a minute of slack
// only ever ends a session early, never late.
const touchEveryMs = 60 * 1000;

export interface SessionInfo {
  tokenHash: string;
  operatorId: number;
  username: string;
  role: OperatorRole;
}

/** Starts a session: a fresh 256-bit random token for the cookie, its hash for the database. */
export function createSession(store: ConsoleStore, operatorId: number, now: number): string {
  const token = randomBytes(32).toString('base64url');
  store
    .statement(
      'INSERT INTO sessions (token_hash, operator_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
    )
    .run(hashToken(token), operatorId, now, now);
  return token;
}

const sessionRowSchema = z.object({
  token_hash: z.string(),
  operator_id: z.number(),
  created_at: z.number(),
  last_seen_at: z.number(),
  username: z.string(),
  role: operatorRoleSchema,
});

/** The live session for a cookie value; expired ones are deleted on sight. */
export function resolveSession(
  store: ConsoleStore,
  token: string,
  now: number,
): SessionInfo | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const raw: unknown = store
    .statement(
      `SELECT s.token_hash, s.operator_id, s.created_at, s.last_seen_at, o.username, o.role
       FROM sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = ?`,
    )
    .get(tokenHash);
  if (raw === undefined) return undefined;
  const row = sessionRowSchema.parse(raw);
  if (now - row.last_seen_at >= sessionIdleMs || now - row.created_at >= sessionAbsoluteMs) {
    deleteSession(store, tokenHash);
    return undefined;
  }
  if (now - row.last_seen_at >= touchEveryMs) {
    store
      .statement('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?')
      .run(now, tokenHash);
  }
  return { tokenHash, operatorId: row.operator_id, username: row.username, role: row.role };
}

export function deleteSession(store: ConsoleStore, tokenHash: string): void {
  store.statement('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
}

export const deleteSessionByToken = (store: ConsoleStore, token: string) =>
  deleteSession(store, hashToken(token));

/** Housekeeping: drops sessions and sign-in tokens that can no longer be used. */
export function purgeExpired(store: ConsoleStore, now: number): void {
  store
    .statement('DELETE FROM sessions WHERE last_seen_at <= ? OR created_at <= ?')
    .run(now - sessionIdleMs, now - sessionAbsoluteMs);
  store
    .statement('DELETE FROM sign_in_tokens WHERE expires_at <= ? OR used_at IS NOT NULL')
    .run(now);
}
