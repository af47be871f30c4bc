import Database from 'better-sqlite3';
import { z } from 'zod';
import { legacyTargets } from './legacy-targets';
import { migrations } from './migrations';
import { explainStoreError, StoreProblem } from './store-problems';

/** The console server's own SQLite database: operators, sessions, sign-in tokens, throttling, audit. */
export interface ConsoleStore {
  readonly db: Database.Database;
  /** A prepared statement, cached per SQL text. */
  statement(sql: string): Database.Statement;
  close(): void;
}

function migrate(db: Database.Database): void {
  // SQL functions the migrations call, for conversions SQL alone reads badly.
  db.function('legacy_audit_targets', { deterministic: true }, (text: unknown) =>
    legacyTargets(typeof text === 'string' ? text : null),
  );
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
  let db: Database.Database | undefined;
  try {
    db = new Database(opts.file);
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    if (opts.file !== ':memory:') checkIntegrity(db, opts.file);
    migrate(db);
  } catch (error) {
    db?.close();
    throw error instanceof StoreProblem
      ? error
      : explainStoreError(opts.file, 'console store', error);
  }
  return storeOver(db, opts.file);
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

function storeOver(db: Database.Database, file: string): ConsoleStore {
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
      if (file !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
