import Database from 'better-sqlite3';
import { migrations } from './migrations';

/** The console server's own SQLite database: operators, sessions, sign-in tokens, throttling, audit. */
export interface ConsoleStore {
  readonly db: Database.Database;
  /** A prepared statement, cached per SQL text. */
  statement(sql: string): Database.Statement;
  close(): void;
}

function migrate(db: Database.Database): void {
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > migrations.length) {
    throw new Error(
      `The console database is at schema version ${version}, newer than this program (${migrations.length}).`,
    );
  }
  for (let next = version; next < migrations.length; next++) {
    db.transaction(() => {
      db.exec(migrations[next] ?? '');
      db.pragma(`user_version = ${next + 1}`);
    })();
  }
}

/**
 * Opens (creating and migrating if needed) the console store; `file` may be `':memory:'`. WAL with `synchronous=FULL`: an
 * acknowledged audit row or operator change survives power loss, not only a process crash.
 */
export function openConsoleStore(opts: { file: string }): ConsoleStore {
  const db = new Database(opts.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  const cache = new Map<string, Database.Statement>();
  return {
    db,
    statement(sql) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      if (!db.open) return;
      cache.clear();
      if (opts.file !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
