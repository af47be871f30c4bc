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
/** The template's name while the global setup migrates it. */
export const buildingTemplateDatabase = 'console_template_building';

let maintenance: Promise<pg.Client> | undefined;
let created = 0;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A connection to the server's maintenance database once the global setup (which starts the server
 * beside the first test files) has the template ready; an error if that takes over a minute.
 */
async function connectWhenReady(url: string): Promise<pg.Client> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        templateDatabase,
      ]);
      if (found.rowCount === 1) return client;
    } catch {
      // Not accepting connections yet.
    }
    await client.end().catch(() => undefined);
    if (Date.now() > deadline) {
      throw new Error(`The tests’ PostgreSQL server at ${url} was not ready within a minute.`);
    }
    await pause(50);
  }
}

/** Waits for the test PostgreSQL server of the `postgres` project (a no-op elsewhere). */
export async function waitForTestPostgres(): Promise<void> {
  const url = inject('postgresUrl');
  if (url) await maintenanceClient(url);
}

const maintenanceClient = (url: string) => (maintenance ??= connectWhenReady(url));

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
  const client = await maintenanceClient(url);
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
