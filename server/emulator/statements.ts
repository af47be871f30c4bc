import type Database from 'better-sqlite3';

const caches = new WeakMap<Database.Database, Map<string, Database.Statement<unknown[], unknown>>>();

/**
 * A prepared statement, compiled once per connection. `Row` describes the columns the SQL selects;
 * the tables are ours (see migrations.ts), so the row type is a statement about our own schema.
 */
export function sql<Row = unknown>(db: Database.Database, source: string): Database.Statement<unknown[], Row> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(source);
  if (!statement) {
    statement = db.prepare<unknown[], unknown>(source);
    cache.set(source, statement);
  }
  return statement as Database.Statement<unknown[], Row>;
}

/** Parses a JSON column written by the emulator itself. */
export function parseColumn(value: string | null): unknown {
  return value === null ? undefined : JSON.parse(value);
}
