import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Engine, StoreSchema } from './schema';

/** The channel the auth version's trigger notifies on, with the new version as its payload. */
export const authChannel = 'console_auth_version';

export interface AuthWatchOptions {
  /** How long a listener's lease lasts in the store; it is renewed every third of that. */
  leaseMs: number;
  /** After a lost connection, the wait before the next one. */
  retryMs: number;
}

export const defaultAuthWatch: AuthWatchOptions = { leaseMs: 3_000, retryMs: 1_000 };

/**
 * PostgreSQL: the auth version a replica holds in memory instead of reading it for every call
 * (decision 0065). Each process on the store listens for the version's notifications on a
 * connection of its own and holds a lease in `auth_listeners`, renewed on that connection, with the
 * highest version it acknowledged. A writer of anything that can end a session or change an
 * operator waits (`settled`) until every listener whose lease is live has acknowledged the version
 * its write made. A listener vouches for its version only while its lease is certainly live: it
 * counts the lease from before it asked for it, less a third for the clocks' drift, so it stops
 * before any writer stops waiting for it. Once it stops (the connection lost, a renewal late), the
 * calls read the version from the store again, as before.
 */
export interface AuthWatch {
  /** The version every commit up to now is known at, or undefined when it cannot be vouched for. */
  known(): string | undefined;
  /** Waits until every live listener has acknowledged the store's current version. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Whether version `a` is at or below `b`: decimal integers without leading zeros. */
export const versionAtOrBelow = (a: string, b: string) =>
  a.length !== b.length ? a.length < b.length : a <= b;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function watchAuthVersion(
  url: string,
  db: Kysely<StoreSchema>,
  options: Partial<AuthWatchOptions> = {},
): AuthWatch {
  const opts = { ...defaultAuthWatch, ...options };
  const id = randomUUID();
  // The lease acknowledges the version held, or at the first one the version read in the same
  // snapshot, which the listener holds before it vouches: never more than it holds.
  const renewal = `INSERT INTO auth_listeners (id, acked, lease_until)
      SELECT $1, coalesce($2::bigint, max(version), 0),
        now() + interval '${opts.leaseMs} milliseconds'
      FROM auth_version WHERE id = 1
    ON CONFLICT (id) DO UPDATE
      SET acked = greatest(auth_listeners.acked, excluded.acked), lease_until = excluded.lease_until
    RETURNING (SELECT version::text FROM auth_version WHERE id = 1) AS version`;
  let client: pg.Client | undefined;
  let version: string | undefined;
  /** Until when (performance.now()) this listener may vouch for `version`. */
  let vouchUntil = 0;
  let renewing = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let renewals: ReturnType<typeof setInterval> | undefined;

  const hold = (next: string | null | undefined) => {
    if (next && (version === undefined || !versionAtOrBelow(next, version))) version = next;
  };

  /** Stops vouching at once and connects again after a pause. */
  const lose = (lost: pg.Client) => {
    if (client !== lost) return;
    client = undefined;
    vouchUntil = 0;
    version = undefined;
    clearInterval(renewals);
    void lost.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(() => void connect(), opts.retryMs);
    retry.unref();
  };

  /** A notified version: held at once, acknowledged after. */
  const heard = (c: pg.Client, payload: string | undefined) => {
    if (!payload || !/^\d+$/.test(payload)) return;
    hold(payload);
    const ack = 'UPDATE auth_listeners SET acked = greatest(acked, $2) WHERE id = $1';
    c.query(ack, [id, payload]).catch(() => lose(c));
  };

  /** Renews the lease (and the acknowledged version) on the listening connection. */
  const renew = async (c: pg.Client) => {
    if (renewing) {
      // A renewal still unanswered once the listener stopped vouching: the connection is stuck.
      if (performance.now() > vouchUntil) lose(c);
      return;
    }
    renewing = true;
    const asked = performance.now();
    try {
      const { rows } = await c.query<{ version: string | null }>(renewal, [id, version ?? null]);
      if (client !== c) return;
      const seen = rows[0]?.version ?? undefined;
      // The notifications of what the snapshot saw come before the answer. A newer version means
      // they do not arrive (a pooler in transaction mode drops LISTEN) or one is late: it is held,
      // acknowledged at the next renewal, and not vouched for until then.
      const missed =
        seen !== undefined && version !== undefined && !versionAtOrBelow(seen, version);
      hold(seen);
      vouchUntil = missed ? 0 : asked + (opts.leaseMs * 2) / 3;
    } catch {
      lose(c);
    } finally {
      renewing = false;
    }
  };

  const connect = async () => {
    if (closed || client) return;
    const c = new pg.Client({ connectionString: url, application_name: 'console auth watch' });
    client = c;
    c.on('error', () => lose(c));
    c.on('end', () => lose(c));
    c.on('notification', (message) => {
      if (message.channel === authChannel) heard(c, message.payload);
    });
    try {
      await c.connect();
      // Listening first: every write after the version read below is notified.
      await c.query(`LISTEN ${authChannel}`);
      await c.query(`DELETE FROM auth_listeners WHERE lease_until < now() - interval '1 minute'`);
    } catch {
      lose(c);
      return;
    }
    if (client !== c) return;
    renewals = setInterval(() => void renew(c), opts.leaseMs / 3);
    renewals.unref();
    await renew(c);
  };
  void connect();

  return {
    known: () => (version !== undefined && performance.now() < vouchUntil ? version : undefined),
    async settled() {
      const deadline = performance.now() + opts.leaseMs * 2;
      while (performance.now() < deadline) {
        let waiting: number;
        try {
          const { rows } = await sql<{ waiting: number | string }>`SELECT count(*) AS waiting
            FROM auth_listeners l JOIN auth_version v ON v.id = 1
            WHERE l.lease_until > now() AND l.acked < v.version`.execute(db);
          waiting = Number(rows[0]?.waiting ?? 0);
        } catch {
          // The write is done but the store no longer answers: a listener that cannot renew its
          // lease either stops vouching within one.
          await pause(opts.leaseMs);
          return;
        }
        if (waiting === 0) return;
        await pause(5);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(renewals);
      const c = client;
      client = undefined;
      vouchUntil = 0;
      if (!c) return;
      await c.query('DELETE FROM auth_listeners WHERE id = $1', [id]).catch(() => undefined);
      await c.end().catch(() => undefined);
    },
  };
}

/** Migration: the listeners' leases, and the version's trigger notifying every write. */
export async function authListeners(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`CREATE TABLE auth_listeners (
    id text PRIMARY KEY, acked bigint NOT NULL, lease_until timestamptz NOT NULL)`.execute(db);
  const start = sql.raw('(extract(epoch from clock_timestamp()) * 1000)::bigint');
  await sql`CREATE OR REPLACE FUNCTION bump_auth_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE moved bigint;
    BEGIN
      INSERT INTO auth_version (id, version) VALUES (1, ${start})
        ON CONFLICT (id) DO UPDATE SET version = auth_version.version + 1
        RETURNING version INTO moved;
      PERFORM pg_notify(${sql.lit(authChannel)}, moved::text);
      RETURN NULL;
    END $$`.execute(db);
}
