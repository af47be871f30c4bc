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
  /** The operator still holds an initial password: only the password change is allowed. */
  mustChangePassword: boolean;
}

/** Which browser holds a session, as its request said: shown to admins, never trusted for access. */
export interface SessionClient {
  userAgent?: string | undefined;
  address?: string | undefined;
}

/**
 * Starts a session: a fresh 256-bit random token for the cookie, its hash for the database, and a
 * separate random id by which admins list and revoke it.
 */
export function createSession(
  store: ConsoleStore,
  operatorId: number,
  now: number,
  client: SessionClient = {},
): string {
  const token = randomBytes(32).toString('base64url');
  store
    .statement(
      'INSERT INTO sessions (token_hash, operator_id, created_at, last_seen_at, id, user_agent, client) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      hashToken(token),
      operatorId,
      now,
      now,
      randomBytes(12).toString('hex'),
      client.userAgent ? client.userAgent.replace(/\p{Cc}/gu, ' ').slice(0, 300) : null,
      client.address ? client.address.slice(0, 100) : null,
    );
  return token;
}

const sessionRowSchema = z.object({
  token_hash: z.string(),
  operator_id: z.number(),
  created_at: z.number(),
  last_seen_at: z.number(),
  username: z.string(),
  role: operatorRoleSchema,
  must_change_password: z.number(),
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
      `SELECT s.token_hash, s.operator_id, s.created_at, s.last_seen_at, o.username, o.role,
         o.must_change_password
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
  return {
    tokenHash,
    operatorId: row.operator_id,
    username: row.username,
    role: row.role,
    mustChangePassword: row.must_change_password === 1,
  };
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

/** One live session of an operator, as admins see it. */
export interface SessionSummary {
  id: string;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string | null;
  client: string | null;
  /** The token hash, to tell the admin's own session apart; never sent to the browser. */
  tokenHash: string;
}

const summaryRowSchema = z.object({
  id: z.string(),
  token_hash: z.string(),
  created_at: z.number(),
  last_seen_at: z.number(),
  user_agent: z.string().nullable(),
  client: z.string().nullable(),
});

/** An operator's sessions that can still be used, most recently seen first. */
export function listSessions(
  store: ConsoleStore,
  operatorId: number,
  now: number,
): SessionSummary[] {
  const rows = store
    .statement(
      `SELECT id, token_hash, created_at, last_seen_at, user_agent, client FROM sessions
       WHERE operator_id = ? AND last_seen_at > ? AND created_at > ?
       ORDER BY last_seen_at DESC, created_at DESC`,
    )
    .all(operatorId, now - sessionIdleMs, now - sessionAbsoluteMs);
  return z
    .array(summaryRowSchema)
    .parse(rows)
    .map((row) => ({
      id: row.id,
      tokenHash: row.token_hash,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      userAgent: row.user_agent,
      client: row.client,
    }));
}

/** Live sessions per operator id, for the operators list. */
export function countSessions(store: ConsoleStore, now: number): Map<number, number> {
  const rows = store
    .statement(
      `SELECT operator_id, count(*) AS n FROM sessions
       WHERE last_seen_at > ? AND created_at > ? GROUP BY operator_id`,
    )
    .all(now - sessionIdleMs, now - sessionAbsoluteMs);
  const parsed = z.array(z.object({ operator_id: z.number(), n: z.number() })).parse(rows);
  return new Map(parsed.map((row) => [row.operator_id, row.n]));
}

/** All live sessions, for the active-sessions gauge. */
export function countLiveSessions(store: ConsoleStore, now: number): number {
  return z.number().parse(
    store
      .statement('SELECT count(*) FROM sessions WHERE last_seen_at > ? AND created_at > ?')
      .pluck()
      .get(now - sessionIdleMs, now - sessionAbsoluteMs),
  );
}

/** Ends one session of an operator (by its public id); false when there was none. */
export function revokeSession(store: ConsoleStore, operatorId: number, id: string): boolean {
  return (
    store.statement('DELETE FROM sessions WHERE operator_id = ? AND id = ?').run(operatorId, id)
      .changes > 0
  );
}

/** Ends every session of an operator; how many there were. */
export function revokeAllSessions(store: ConsoleStore, operatorId: number): number {
  return store.statement('DELETE FROM sessions WHERE operator_id = ?').run(operatorId).changes;
}
