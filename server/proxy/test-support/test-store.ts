import pg from 'pg';
import { afterEach, inject, TestRunner } from 'vitest';
import { openConsoleStore, type ConsoleStore, type Engine } from '../store/store';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test PostgreSQL server's maintenance URL, in the `node` project only. */
    postgresUrl: string | undefined;
  }
}

let engine: Engine = 'sqlite';

/** The engine of the stores this test file opens (`openTestStore`). */
export const testEngine = (): Engine => engine;

/** Every test file starts on SQLite (src/testing/setup-node.ts). */
export function resetTestEngine(): void {
  engine = 'sqlite';
}

/**
 * Runs the tests of a file again on PostgreSQL: a `*.postgres.test.ts` file calls this with an
 * import of its SQLite sibling, whose tests then open their stores on the run's PostgreSQL server
 * (decision 0022). The file waits here, before its tests and outside their time limits, for the
 * server the global setup starts beside the first test files.
 */
export async function onPostgres(load: () => Promise<unknown>): Promise<void> {
  engine = 'postgres';
  await maintenanceClient(postgresUrl());
  await load();
  // A module the worker had already evaluated would add no tests, and the file would pass empty.
  if (TestRunner.getCurrentSuite().tasks.length === 0) {
    throw new Error('The imported test file added no tests: import it with `?postgres`.');
  }
}

function postgresUrl(): string {
  const url = inject('postgresUrl');
  if (!url)
    throw new Error('No test PostgreSQL server: its global setup runs in the node project.');
  return url;
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

const maintenanceClient = (url: string) => (maintenance ??= connectWhenReady(url));

/** `url` with another database. */
export const withDatabase = (url: string, database: string) => {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
};

/**
 * A fresh, empty, migrated database on the test PostgreSQL server, copied from the template (cheaper
 * than migrating, but the server writes the whole 8 MB copy). Left for the server's removal.
 */
async function createTestDatabase(url: string): Promise<string> {
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

/** Databases of this worker whose test closed its store, ready to be emptied for the next test. */
const closedDatabases: string[] = [];

/**
 * Empties a database of a closed test store: every table but the migrator's, and every sequence
 * back to 1, as in the template, which has the auth version's row. Foreign keys are not checked while it deletes (the test server's
 * user is its superuser), so the order of the tables does not matter. Run before the next store
 * opens on the database: emptied after, it would delete the lease its auth listener had just
 * written, and the store's writers would not wait for that listener (decision 0065).
 */
const emptyDatabase = `DO $$
DECLARE name text;
BEGIN
  SET LOCAL session_replication_role = replica;
  FOR name IN SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT LIKE 'console_migrations%' LOOP
    EXECUTE format('DELETE FROM %I', name);
  END LOOP;
  FOR name IN SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' LOOP
    PERFORM setval(quote_ident(name), 1, false);
  END LOOP;
  -- The template's one row of the auth version (migration 0007), from the clock as it starts.
  INSERT INTO auth_version (id, version)
    VALUES (1, (extract(epoch from clock_timestamp()) * 1000)::bigint);
END $$`;

async function empty(database: string): Promise<void> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    await client.query(emptyDatabase);
  } finally {
    await client.end();
  }
}

/**
 * A store on an empty database of the test PostgreSQL server: one a closed store of this worker
 * left, emptied (under a millisecond), or else a new copy of the template (a tenth to a third of a
 * second while the server writes the run's other databases).
 */
async function openPostgresTestStore(url: string): Promise<ConsoleStore> {
  const reused = closedDatabases.pop();
  if (reused) await empty(reused);
  const database = reused ?? (await createTestDatabase(url));
  const store = await openConsoleStore({ url: database });
  const close = store.close.bind(store);
  store.close = async () => {
    if (store.closed) return;
    await close();
    closedDatabases.push(database);
  };
  return store;
}

/**
 * A fresh, empty console store for one test: in-memory SQLite, or in a `*.postgres.test.ts` file an
 * empty database of its own on the run's PostgreSQL server, so the same tests prove both engines.
 */
export async function openTestStore(): Promise<ConsoleStore> {
  if (engine === 'sqlite')
    return openConsoleStore({ file: ':memory:', image: await migratedImage() });
  return openPostgresTestStore(postgresUrl());
}

/**
 * Opens fresh stores for a test file (`openTestStore`), each closed after the test that opened it.
 * Call once at the top level of the file: `const open = testStores();`.
 */
export function testStores(): () => Promise<ConsoleStore> {
  const opened: ConsoleStore[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  return async () => {
    const store = await openTestStore();
    opened.push(store);
    return store;
  };
}
