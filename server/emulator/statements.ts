import type Database from 'better-sqlite3';

const caches = new WeakMap<
  Database.Database,
  Map<string, Database.Statement<unknown[], unknown>>
>();
const rawCaches = new WeakMap<
  Database.Database,
  Map<string, Database.Statement<unknown[], unknown>>
>();

function cached(store: typeof caches, db: Database.Database, source: string, raw: boolean) {
  let cache = store.get(db);
  if (!cache) {
    cache = new Map();
    store.set(db, cache);
  }
  let statement = cache.get(source);
  if (!statement) {
    statement = db.prepare<unknown[], unknown>(source);
    if (raw) statement.raw(true);
    cache.set(source, statement);
  }
  return statement;
}

/**
 * A prepared statement, compiled once per connection. `Row` describes the columns the SQL selects;
 * the tables are ours (see migrations.ts), so the row type is a statement about our own schema.
 */
export function sql<Row = unknown>(
  db: Database.Database,
  source: string,
): Database.Statement<unknown[], Row> {
  return cached(caches, db, source, false) as Database.Statement<unknown[], Row>;
}

/**
 * `sql` in raw mode: each row is an array of the selected columns, in order. better-sqlite3 builds
 * an array row about four times faster than an object row, which is most of a 1,000-row page.
 */
export function sqlRows<Row extends unknown[]>(
  db: Database.Database,
  source: string,
): Database.Statement<unknown[], Row> {
  return cached(rawCaches, db, source, true) as Database.Statement<unknown[], Row>;
}

/** Parses a JSON column written by the emulator itself. */
export function parseColumn(value: string | null): unknown {
  return value === null ? undefined : JSON.parse(value);
}

interface CountCache {
  changes: number;
  dataVersion: number;
  counts: Map<string, number>;
}

const countCaches = new WeakMap<Database.Database, CountCache>();
const maxCachedCounts = 1000;

/**
 * `SELECT count(*) …` (one row, one column), answered from memory until the store's next write.
 * The write generation is SQLite's own: `total_changes()` counts every row inserted, updated or
 * deleted through this connection, by triggers and cascades included, and `data_version` moves
 * when another connection commits, so no write path can forget to invalidate. Inside a
 * transaction nothing is cached: a rollback would undo rows without moving the counters.
 */
export function cachedCount(
  db: Database.Database,
  source: string,
  params: readonly unknown[],
): number {
  const count = () => Number(sqlRows<[number]>(db, source).get(...params)?.[0] ?? 0);
  if (db.inTransaction) return count();
  const [changes, dataVersion] = sqlRows<[number, number]>(
    db,
    'SELECT total_changes(), data_version FROM pragma_data_version',
  ).get() ?? [0, 0];
  let cache = countCaches.get(db);
  if (
    !cache ||
    cache.changes !== changes ||
    cache.dataVersion !== dataVersion ||
    cache.counts.size >= maxCachedCounts
  ) {
    cache = { changes, dataVersion, counts: new Map() };
    countCaches.set(db, cache);
  }
  const key = `${source}\u0000${JSON.stringify(params)}`;
  let total = cache.counts.get(key);
  if (total === undefined) {
    total = count();
    cache.counts.set(key, total);
  }
  return total;
}
