import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  type Compilable,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type Driver,
} from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { watchAuthVersion, type AuthWatch } from './auth-watch';
import { legacyTargets } from './legacy-targets';
import { schemaMigrations } from './schema-migrations';
import type { Engine, StoreSchema, StoreTransaction } from './schema';
import { sqliteHistory } from './sqlite-history';
import { sqliteStamp, type SqliteStamp } from './sqlite-stamp';
import { explainPostgresError, explainStoreError, StoreProblem } from './store-problems';

export type { Engine, StoreDb, StoreTransaction } from './schema';

/**
 * The console server's own state (operators, sessions, sign-in tokens, throttling, audit, claims,
 * insights): an embedded SQLite file by default, or PostgreSQL shared by several replicas
 * (decision 0019). One schema, one set of migrations and one query builder for both.
 */
export interface ConsoleStore {
  readonly db: Kysely<StoreSchema>;
  readonly engine: Engine;
  /** The file, or the PostgreSQL server and database (never the password). */
  readonly location: string;
  readonly closed: boolean;
  /**
   * Runs `work` in a transaction that holds `key` against every other writer of the store: on
   * PostgreSQL an advisory lock (replicas included), on SQLite the write lock taken at `BEGIN
   * IMMEDIATE`.
   */
  exclusive<T>(key: string, work: (trx: StoreTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The SQLite connection under the builder, for what only SQLite has (fault tests set its pragmas);
   * undefined on PostgreSQL. The console's own code goes through `db`.
   */
  readonly sqlite: Database.Database | undefined;
  /** PostgreSQL: the auth version held in memory and the writers' wait for it (auth-watch.ts). */
  readonly authWatch: AuthWatch | undefined;
  /**
   * SQLite: a stamp that moves with every commit, by this connection or any other (sqlite-stamp.ts).
   * Undefined on PostgreSQL, once closed, and when it cannot be read.
   */
  stamp(): string | undefined;
}

export type StoreLocation =
  | {
      file: string;
      /** With `file: ':memory:'`: start from a copy of this serialized store (`sqlite.serialize()`). */
      image?: Buffer;
    }
  | { url: string };

/** Opens (creating and migrating if needed) the console store; `file` may be `':memory:'`. */
export function openConsoleStore(where: StoreLocation): Promise<ConsoleStore> {
  return 'url' in where ? openPostgres(where.url) : openSqlite(where.file, where.image);
}

const migrationTables = {
  migrationTableName: 'console_migrations',
  migrationLockTableName: 'console_migrations_lock',
};

async function migrate(db: Kysely<StoreSchema>, engine: Engine, hasBaseline: boolean) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(schemaMigrations(engine, { hasBaseline })) },
    ...migrationTables,
  });
  const { error } = await migrator.migrateToLatest();
  if (!error) return;
  if (!(error instanceof Error)) throw new Error('The console store could not be migrated.');
  if (/missing/i.test(error.message)) {
    throw new StoreProblem(
      `The console store has migrations this program does not know (${error.message}): it was written by a newer console. Run that version, or restore a backup taken before the upgrade.`,
    );
  }
  throw error;
}

async function executedMigrations(db: Kysely<StoreSchema>): Promise<number> {
  const done = await sql<{ n: number }>`SELECT count(*) AS n FROM console_migrations`.execute(db);
  return Number(done.rows[0]?.n ?? 0);
}

/**
 * SQLite: WAL with `synchronous=FULL` (an acknowledged audit row or operator change survives power
 * loss, not only a process crash), foreign keys on, an integrity check at every start. A store of
 * an older console is brought to the baseline by the frozen history first; `user_version` then
 * counts every migration, so an older console refuses a newer store instead of misreading it.
 */
async function openSqlite(file: string, image?: Buffer): Promise<ConsoleStore> {
  let raw: Database.Database | undefined;
  let db: Kysely<StoreSchema> | undefined;
  try {
    raw = new Database(file === ':memory:' && image ? image : file);
    raw.pragma('busy_timeout = 5000');
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = FULL');
    raw.pragma('foreign_keys = ON');
    if (file !== ':memory:') checkIntegrity(raw, file);
    const version = Number(raw.pragma('user_version', { simple: true }));
    const known =
      sqliteHistory.length + Object.keys(schemaMigrations('sqlite', { hasBaseline: true })).length;
    if (version > known) {
      throw new StoreProblem(
        `The console store ${file} is at schema version ${version}, newer than this program (${known}). Run the newer console, or restore a backup taken before the upgrade.`,
      );
    }
    if (version > 0) applyHistory(raw, version);
    db = new Kysely<StoreSchema>({ dialect: new ConsoleSqliteDialect(cachingDatabase(raw)) });
    await migrate(db, 'sqlite', version > 0);
    raw.pragma(`user_version = ${sqliteHistory.length + (await executedMigrations(db))}`);
  } catch (error) {
    if (db) await db.destroy();
    else raw?.close();
    throw error instanceof StoreProblem ? error : explainStoreError(file, 'console store', error);
  }
  const opened = raw;
  return storeOver(db, 'sqlite', file, {
    raw: opened,
    stamp: sqliteStamp(opened, file),
    watch: undefined,
    lock: () => Promise.resolve(),
    beforeClose: () => {
      if (file !== ':memory:' && opened.open) opened.pragma('wal_checkpoint(TRUNCATE)');
    },
  });
}

/** Brings a store written before decision 0019 (version 1 to 9) to the baseline. */
function applyHistory(raw: Database.Database, version: number): void {
  // A SQL function the history calls, for a conversion SQL alone reads badly.
  raw.function('legacy_audit_targets', { deterministic: true }, (text: unknown) =>
    legacyTargets(typeof text === 'string' ? text : null),
  );
  for (let next = Math.min(version, sqliteHistory.length); next < sqliteHistory.length; next++) {
    raw.transaction(() => {
      raw.exec(sqliteHistory[next] ?? '');
      raw.pragma(`user_version = ${next + 1}`);
    })();
  }
}

/** SQLite's quick check at every start: a damaged store is refused before it serves (or loses) a row. */
function checkIntegrity(db: Database.Database, file: string): void {
  const problems = db.pragma('quick_check(5)', { simple: false });
  const lines = z
    .array(z.object({ quick_check: z.string() }))
    .parse(problems)
    .map((row) => row.quick_check);
  if (lines.length === 1 && lines[0] === 'ok') return;
  throw new StoreProblem(
    `The console store ${file} failed SQLite's integrity check (${lines.join('; ')}). Restore it from a backup, or move it aside to start with an empty store (its audit trail and operators would then be missing).`,
  );
}

/** The builder's SQLite driver, with writers taking the lock when they begin (no upgrade deadlock). */
class ConsoleSqliteDialect extends SqliteDialect {
  constructor(database: ConstructorParameters<typeof SqliteDialect>[0]['database']) {
    super({ database });
  }
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** Prepared statements cached per SQL text, as the store did before the query builder. */
function cachingDatabase(raw: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare: (text: string) => {
      let stmt = cache.get(text);
      if (!stmt) {
        if (cache.size >= 1000) cache.clear();
        stmt = raw.prepare(text);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

/** Where a PostgreSQL URL points, without its password, for messages. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `postgres://${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

const int8 = 20;
const numeric = 1700;

/** pg's text parsers, with `bigint` and `numeric` read as numbers rather than strings. */
const readNumbers = ((oid: number, format?: 'text' | 'binary'): unknown =>
  oid === int8 || oid === numeric
    ? (value: string) => Number(value)
    : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

/**
 * PostgreSQL: a small pool per replica; `bigint` and `numeric` read as numbers (times in
 * milliseconds stay far below 2^53). Replicas starting together migrate once: the migrator holds an
 * advisory lock.
 */
async function openPostgres(url: string): Promise<ConsoleStore> {
  const location = describePostgresUrl(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    types: { getTypeParser: readNumbers },
  });
  // A connection's error (a restart of the server, a terminated backend) is reported to the query
  // using it, or the next one, as a refusal; the pool then replaces the connection. pg emits it as
  // an 'error' event too: on an idle client the pool's listener takes it, but a client checked out
  // (a transaction between two statements) has no listener of the pool's, and an unheard 'error'
  // event ends the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareReusable(client);
  });
  const db = new Kysely<StoreSchema>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrate(db, 'postgres', false);
  } catch (error) {
    await db.destroy();
    throw error instanceof StoreProblem ? error : explainPostgresError(location, error);
  }
  return storeOver(db, 'postgres', location, {
    raw: undefined,
    stamp: undefined,
    watch: watchAuthVersion(url, db),
    lock: async (trx, key) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    },
    beforeClose: () => undefined,
  });
}

function storeOver(
  db: Kysely<StoreSchema>,
  engine: Engine,
  location: string,
  opts: {
    raw: Database.Database | undefined;
    stamp: SqliteStamp | undefined;
    watch: AuthWatch | undefined;
    lock: (trx: StoreTransaction, key: string) => Promise<void>;
    beforeClose: () => void;
  },
): ConsoleStore {
  let closed = false;
  return {
    sqlite: opts.raw,
    authWatch: opts.watch,
    db,
    engine,
    location,
    get closed() {
      return closed;
    },
    stamp: () => (closed ? undefined : opts.stamp?.read()),
    exclusive(key, work) {
      return db.transaction().execute(async (trx) => {
        await opts.lock(trx, key);
        return work(trx);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      opts.beforeClose();
      await opts.watch?.close();
      await db.destroy();
      opts.stamp?.close();
    },
  };
}

/** The SQL of every reusable query compiled so far, with the name its prepared statement takes. */
const reusableNames = new Map<string, string>();

/**
 * On a PostgreSQL connection, a reusable query runs as a named prepared statement: the server
 * parses and plans it once per connection instead of on every call (two thirds of the server's
 * time for the rate limit's statement). Other queries are sent as they were.
 */
function prepareReusable(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) && reusableNames.get(text);
    return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
  }) as typeof client.query;
  client.query = prepared;
}

/**
 * A query compiled at its first run and only re-bound after: for the request path (the session
 * lookup runs on every call), where building and compiling the query each time cost more than
 * running it; on PostgreSQL also prepared once per connection (see prepareReusable). `build` must
 * use each of `values` exactly once, in order, and no other value.
 */
export function reusableQuery<V extends readonly unknown[], R>(
  build: (db: Kysely<StoreSchema>, ...values: V) => Compilable<R>,
) {
  const compiled = new WeakMap<Kysely<StoreSchema>, CompiledQuery<R>>();
  return async (db: Kysely<StoreSchema>, ...values: V): Promise<R[]> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...values).compile();
      const bound = query.parameters;
      if (bound.length !== values.length || bound.some((value, i) => value !== values[i]))
        throw new Error('reusableQuery: build must bind each value once, in order');
      compiled.set(db, query);
      if (!reusableNames.has(query.sql))
        reusableNames.set(query.sql, `reusable_${reusableNames.size}`);
    }
    const rebound: CompiledQuery<R> = { ...query, parameters: values };
    return (await db.executeQuery(rebound)).rows;
  };
}
