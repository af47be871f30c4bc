import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { operatorRoleSchema, type OperatorRole } from '../../../src/api/schemas/session';
import { hashToken } from './operators';
import { reusableQuery, type ConsoleStore } from '../store/store';
import { createRefusalMemory, type RefusalMemory } from './refusal-memory';
import { authVersionColumn } from '../store/auth-version-migration';
import { sessionCache, versionedSessionCache, type CachedSession } from './session-cache';

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
export async function createSession(
  store: ConsoleStore,
  operatorId: number,
  now: number,
  client: SessionClient = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      operator_id: operatorId,
      created_at: now,
      last_seen_at: now,
      id: randomBytes(12).toString('hex'),
      user_agent: client.userAgent ? client.userAgent.replace(/\p{Cc}/gu, ' ').slice(0, 300) : null,
      client: client.address ? client.address.slice(0, 100) : null,
    })
    .execute();
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

const sessionColumns = [
  's.token_hash',
  's.operator_id',
  's.created_at',
  's.last_seen_at',
  'o.username',
  'o.role',
  'o.must_change_password',
] as const;

const sessionByHash = reusableQuery((db, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(sessionColumns)
    .where('s.token_hash', '=', tokenHash),
);

/** PostgreSQL: the session with the auth version, read in one statement (one snapshot). */
const sessionAndVersionByHash = reusableQuery((db, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([...sessionColumns, authVersionColumn('postgres')])
    .where('s.token_hash', '=', tokenHash),
);

/** The live session for a cookie value; expired ones are deleted on sight. */
/**
 * Tokens found dead (never issued, ended or expired), per store: a token is only ever used after its
 * session was made, so one that is dead now stays dead, and a flood of made-up or stale cookies is
 * answered without reading the store again. Bounded, oldest first.
 */
const deadTokens = new WeakMap<ConsoleStore, RefusalMemory>();
const deadTokensOf = (store: ConsoleStore) => {
  let memory = deadTokens.get(store);
  if (!memory) {
    memory = createRefusalMemory(10_000);
    deadTokens.set(store, memory);
  }
  return memory;
};

export async function resolveSession(
  store: ConsoleStore,
  token: string,
  now: number,
): Promise<SessionInfo | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const dead = deadTokensOf(store);
  if (dead.until(tokenHash, 0) > 0) return undefined;
  const cache = sessionCache<SessionInfo>(store);
  const session = cache?.get(tokenHash) ?? (await readSession(store, tokenHash));
  if (session === undefined) {
    dead.remember(tokenHash, Infinity);
    return undefined;
  }
  if (now - session.lastSeenAt >= sessionIdleMs || now - session.createdAt >= sessionAbsoluteMs) {
    await deleteSession(store, tokenHash);
    dead.remember(tokenHash, Infinity);
    return undefined;
  }
  if (now - session.lastSeenAt >= touchEveryMs) {
    // The write moves the store's stamp, so the next request reads the session again.
    await store.db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  } else {
    cache?.set(tokenHash, session);
  }
  return session.info;
}

/**
 * The session of a token (by its hash) as remembered, for a request that need not read the store.
 * On SQLite the remembered sessions hold as of the store's stamp, read now (`sessionCache`), so
 * `readAt` is undefined. On PostgreSQL the session comes with the auth version it was read at, and
 * the request confirms it with the version its rate-limit statement returns (`requireSession`).
 * Undefined when nothing usable is remembered (expired, due for its last-seen write, or to be
 * refused): the request reads the store instead (`resolveSession`).
 */
export function rememberedSession(
  store: ConsoleStore,
  tokenHash: string,
  now: number,
): { session: SessionInfo; readAt: string | undefined } | undefined {
  const versioned =
    store.engine === 'postgres'
      ? versionedSessionCache<SessionInfo>(store).candidate(tokenHash)
      : undefined;
  const remembered =
    store.engine === 'postgres' ? versioned : sessionCache<SessionInfo>(store)?.get(tokenHash);
  if (!remembered || remembered.info.mustChangePassword) return undefined;
  const { createdAt, lastSeenAt } = remembered;
  // The last-seen write is due before the idle limit is reached (touchEveryMs < sessionIdleMs).
  if (now - lastSeenAt >= touchEveryMs || now - createdAt >= sessionAbsoluteMs) return undefined;
  return { session: remembered.info, readAt: versioned?.version };
}

/**
 * Whether a remembered session read at `readAt` still holds at the store's `version`: always on
 * SQLite (no `readAt`: the stamp was read with it).
 */
export const confirmRemembered = (
  store: ConsoleStore,
  readAt: string | undefined,
  version: string | null | undefined,
) =>
  readAt === undefined ||
  (version !== undefined && versionedSessionCache<SessionInfo>(store).confirm(readAt, version));

async function readSession(
  store: ConsoleStore,
  tokenHash: string,
): Promise<CachedSession<SessionInfo> | undefined> {
  if (store.engine === 'postgres') {
    const [raw] = await sessionAndVersionByHash(store.db, tokenHash);
    const session = raw && sessionOf(tokenHash, raw);
    // Remembered for the next requests, which confirm it (rememberedSession).
    if (session)
      versionedSessionCache<SessionInfo>(store).set(tokenHash, session, raw.auth_version);
    return session;
  }
  const [raw] = await sessionByHash(store.db, tokenHash);
  return raw && sessionOf(tokenHash, raw);
}

function sessionOf(tokenHash: string, raw: unknown): CachedSession<SessionInfo> {
  const row = sessionRowSchema.parse(raw);
  return {
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    info: {
      tokenHash,
      operatorId: row.operator_id,
      username: row.username,
      role: row.role,
      mustChangePassword: row.must_change_password === 1,
    },
  };
}

export async function deleteSession(store: ConsoleStore, tokenHash: string): Promise<void> {
  await store.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  // Every replica holds what was just written before this returns (decision 0065).
  await store.authWatch?.settled();
}

export const deleteSessionByToken = (store: ConsoleStore, token: string) =>
  deleteSession(store, hashToken(token));

/** Housekeeping: drops sessions and sign-in tokens that can no longer be used. */
export async function purgeExpired(store: ConsoleStore, now: number): Promise<void> {
  await store.db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('last_seen_at', '<=', now - sessionIdleMs),
        eb('created_at', '<=', now - sessionAbsoluteMs),
      ]),
    )
    .execute();
  await store.db
    .deleteFrom('sign_in_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .execute();
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
export async function listSessions(
  store: ConsoleStore,
  operatorId: number,
  now: number,
): Promise<SessionSummary[]> {
  const rows = await store.db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'created_at', 'last_seen_at', 'user_agent', 'client'])
    .where('operator_id', '=', operatorId)
    .where('last_seen_at', '>', now - sessionIdleMs)
    .where('created_at', '>', now - sessionAbsoluteMs)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
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
export async function countSessions(
  store: ConsoleStore,
  now: number,
): Promise<Map<number, number>> {
  const rows = await store.db
    .selectFrom('sessions')
    .select((eb) => ['operator_id', eb.fn.countAll<number>().as('n')])
    .where('last_seen_at', '>', now - sessionIdleMs)
    .where('created_at', '>', now - sessionAbsoluteMs)
    .groupBy('operator_id')
    .execute();
  return new Map(rows.map((row) => [row.operator_id, row.n]));
}

/** All live sessions, for the active-sessions gauge. */
export async function countLiveSessions(store: ConsoleStore, now: number): Promise<number> {
  const row = await store.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('last_seen_at', '>', now - sessionIdleMs)
    .where('created_at', '>', now - sessionAbsoluteMs)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Ends one session of an operator (by its public id); false when there was none. */
export async function revokeSession(
  store: ConsoleStore,
  operatorId: number,
  id: string,
): Promise<boolean> {
  const result = await store.db
    .deleteFrom('sessions')
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  // Every replica holds what was just written before this returns (decision 0065).
  await store.authWatch?.settled();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of an operator; how many there were. */
export async function revokeAllSessions(store: ConsoleStore, operatorId: number): Promise<number> {
  const result = await store.db
    .deleteFrom('sessions')
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  // Every replica holds what was just written before this returns (decision 0065).
  await store.authWatch?.settled();
  return Number(result.numDeletedRows);
}
