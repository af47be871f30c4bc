import { sql, type Kysely } from 'kysely';
import type { Engine } from './schema';

/**
 * PostgreSQL: a version that moves, in the same transaction, with every write that can end a session
 * or change what it allows (a session deleted, an operator changed or removed). Replicas read it with
 * the statement each forwarded call already runs and read a remembered session again when it moved
 * (decision 0045). A missing row (a store emptied by hand) reads as null: nothing is remembered until
 * the next write puts it back. SQLite needs none: its stamp is read from the connection itself.
 */
export async function authVersion(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`CREATE TABLE auth_version (id integer PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)`.execute(
    db,
  );
  // A row put back starts from the clock, above any version handed out before it went missing.
  const start = sql.raw('(extract(epoch from clock_timestamp()) * 1000)::bigint');
  await sql`INSERT INTO auth_version (id, version) VALUES (1, ${start})`.execute(db);
  await sql`CREATE FUNCTION bump_auth_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO auth_version (id, version) VALUES (1, ${start})
        ON CONFLICT (id) DO UPDATE SET version = auth_version.version + 1;
      RETURN NULL;
    END $$`.execute(db);
  for (const [table, events] of [
    ['sessions', 'DELETE OR TRUNCATE'],
    ['operators', 'UPDATE OR DELETE OR TRUNCATE'],
  ] as const) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_auth_version`)} AFTER ${sql.raw(events)}
      ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version()`.execute(db);
  }
}

/**
 * The version as text, in a statement's select list or `RETURNING`: null when the row is missing,
 * and always on SQLite.
 */
export const authVersionColumn = (engine: Engine) =>
  (engine === 'postgres'
    ? sql<string | null>`(SELECT version::text FROM auth_version WHERE id = 1)`
    : sql<string | null>`NULL`
  ).as('auth_version');
