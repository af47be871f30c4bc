import pg from 'pg';
import { inject } from 'vitest';
import { openConsoleStore, type ConsoleStore } from '../store/store';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test PostgreSQL server's maintenance URL, in the `postgres` project only. */
    postgresUrl: string | undefined;
  }
}

/** The database every test database is copied from: migrated once by the global setup. */
export const templateDatabase = 'console_template';

let maintenance: Promise<pg.Client> | undefined;
let created = 0;

/** `url` with another database. */
export const withDatabase = (url: string, database: string) => {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
};

/**
 * A fresh, empty, migrated database on the test PostgreSQL server, copied from the template (a
 * copy costs milliseconds where migrating costs a tenth of a second). Left for the server's removal.
 */
export async function createTestDatabase(url: string): Promise<string> {
  maintenance ??= (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  })();
  const client = await maintenance;
  const name = `t_${process.pid}_${++created}`;
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
  return withDatabase(url, name);
}

let sqliteImage: Promise<Buffer> | undefined;

/** An empty migrated SQLite store, serialized once per test worker: a copy opens in half the time. */
function migratedImage(): Promise<Buffer> {
  sqliteImage ??= (async () => {
    const store = await openConsoleStore({ file: ':memory:' });
    const image = store.sqlite?.serialize();
    await store.close();
    if (!image) throw new Error('An in-memory console store has a SQLite connection.');
    return image;
  })();
  return sqliteImage;
}

/**
 * A fresh, empty console store for one test: in-memory SQLite, or in the `postgres` project a new
 * database on the run's PostgreSQL server, so the same tests prove both engines.
 */
export async function openTestStore(): Promise<ConsoleStore> {
  const url = inject('postgresUrl');
  if (!url) return openConsoleStore({ file: ':memory:', image: await migratedImage() });
  return openConsoleStore({ url: await createTestDatabase(url) });
}

/** Which engine this run's stores use. */
export const testEngine = () => (inject('postgresUrl') ? 'postgres' : 'sqlite');
