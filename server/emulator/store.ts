import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { migrations } from './migrations';
import { acquireLock } from './lock';

export interface EmulatorStore {
  db: Database.Database;
  /** Checkpoints the WAL into the main file (TRUNCATE), closes the database and releases the lock. */
  close(): void;
}

export class StoreIntegrityError extends Error {
  override name = 'StoreIntegrityError';
}

export interface OpenStoreOptions {
  /** A file path, or ':memory:'. */
  file: string;
  /** Take the single-writer lock `<file>.lock`; a second process on the same file then fails at once. */
  lock?: boolean;
  /**
   * Check run at open: `full` is `PRAGMA integrity_check`, `quick` is `quick_check` (same page and
   * b-tree checks, without cross-checking every index against its table). `auto` (default) runs the
   * full check on files up to 64 MiB and the quick one above, so a store with a million messages
   * still starts in seconds.
   */
  check?: 'full' | 'quick' | 'auto';
  /** With `file: ':memory:'`: start from a copy of this serialized store (`db.serialize()`). */
  image?: Buffer;
}

function migrate(db: Database.Database): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  );
  const current = db.pragma('user_version', { simple: true });
  const from = typeof current === 'number' ? current : 0;
  const latest = migrations.at(-1)?.version ?? 0;
  if (from > latest) {
    throw new StoreIntegrityError(
      `The store is at schema version ${from}, newer than this emulator knows (${latest}). Update the emulator.`,
    );
  }
  const pending = migrations.filter((migration) => migration.version > from);
  if (pending.length === 0) return;
  // Table rebuilds need foreign keys off (the pragma cannot change inside a transaction); each
  // migration is checked for violations before it commits.
  db.pragma('foreign_keys = OFF');
  try {
    for (const migration of pending) {
      db.transaction(() => {
        db.exec(migration.sql);
        const violations = db.pragma('foreign_key_check');
        if (Array.isArray(violations) && violations.length > 0) {
          throw new StoreIntegrityError(
            `Migration ${migration.version} (${migration.name}) would break ${violations.length} foreign keys; nothing was changed.`,
          );
        }
        db.prepare(
          'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
        ).run(migration.version, migration.name, Math.floor(Date.now() / 1000));
        db.pragma(`user_version = ${migration.version}`);
      })();
    }
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

function checkIntegrity(db: Database.Database, file: string, mode: 'full' | 'quick'): void {
  let result: unknown;
  try {
    result = db.pragma(mode === 'full' ? 'integrity_check' : 'quick_check');
  } catch (error) {
    throw new StoreIntegrityError(
      `The emulator store ${file} cannot be read (${error instanceof Error ? error.message : String(error)}). It was left untouched. Move it aside, or start with --reset to wipe it.`,
    );
  }
  const rows: unknown[] = Array.isArray(result) ? result : [result];
  const lines = rows.map((row) =>
    row && typeof row === 'object' ? Object.values(row).join(' ') : String(row),
  );
  if (lines.length !== 1 || lines[0] !== 'ok') {
    throw new StoreIntegrityError(
      `The emulator store ${file} failed its integrity check:\n  ${lines.slice(0, 10).join('\n  ')}\nIt was left untouched. Move it aside, or start with --reset to wipe it.`,
    );
  }
  const violations = db.pragma('foreign_key_check');
  if (Array.isArray(violations) && violations.length > 0) {
    throw new StoreIntegrityError(
      `The emulator store ${file} has ${violations.length} foreign key violations. It was left untouched.`,
    );
  }
}

const fullCheckLimit = 64 * 1024 * 1024;

function checkMode(file: string, check: 'full' | 'quick' | 'auto'): 'full' | 'quick' {
  if (check !== 'auto') return check;
  return existsSync(file) && statSync(file).size > fullCheckLimit ? 'quick' : 'full';
}

/**
 * Opens (creating if needed) the emulator's SQLite store: WAL, synchronous=FULL, foreign keys on,
 * numbered migrations, integrity check. Never re-creates a damaged file: it throws instead.
 */
export function openStore(opts: OpenStoreOptions): EmulatorStore {
  const inMemory = opts.file === ':memory:';
  const release = opts.lock && !inMemory ? acquireLock(`${opts.file}.lock`) : () => undefined;
  let db: Database.Database;
  try {
    db = new Database(inMemory && opts.image ? opts.image : opts.file);
  } catch (error) {
    release();
    throw error;
  }
  try {
    db.pragma('busy_timeout = 5000');
    if (!inMemory) {
      checkIntegrity(db, opts.file, checkMode(opts.file, opts.check ?? 'auto'));
      db.pragma('journal_mode = WAL');
    }
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    release();
    throw error;
  }
  let closed = false;
  return {
    db,
    close() {
      if (closed) return;
      closed = true;
      try {
        if (!inMemory && db.open) db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
        release();
      }
    },
  };
}
