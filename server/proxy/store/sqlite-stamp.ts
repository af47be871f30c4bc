import { closeSync, openSync, readSync } from 'node:fs';
import type Database from 'better-sqlite3';

/** The first copy of the WAL-index header, at the start of the `-shm` file. */
const headerBytes = 48;

export interface SqliteStamp {
  /** A string that moves with every commit to the store; undefined when it cannot be read. */
  read(): string | undefined;
  close(): void;
}

/**
 * What a SQLite store has been through, read in microseconds on every request: a stamp that moves
 * with every commit, by this connection or any other (the operator CLI, a repair).
 *
 * In WAL mode it is the first copy of the WAL-index header in the `-shm` file
 * (https://www.sqlite.org/walformat.html): SQLite rewrites it at every commit, with the counter it
 * moves at each one, and every connection to the file shares it. One read of 48 bytes, with no
 * lock; `total_changes()` with `PRAGMA data_version` took two statements and a read lock, a
 * twentieth of a proxied read. A read torn by a commit writing the header reads as a change too.
 *
 * An in-memory store, or a file whose `-shm` cannot be opened, is stamped with those statements.
 */
export function sqliteStamp(raw: Database.Database, file: string): SqliteStamp {
  const shm = file === ':memory:' ? undefined : openShm(`${file}-shm`);
  if (shm === undefined) return statementStamp(raw);
  const header = Buffer.alloc(headerBytes);
  let open = true;
  return {
    read() {
      if (!open) return undefined;
      try {
        return readSync(shm, header, 0, headerBytes, 0) === headerBytes
          ? header.toString('latin1')
          : undefined;
      } catch {
        return undefined;
      }
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(shm);
    },
  };
}

function openShm(path: string): number | undefined {
  try {
    return openSync(path, 'r');
  } catch {
    return undefined;
  }
}

/** The changes this connection made, and the commits of others it has seen. */
function statementStamp(raw: Database.Database): SqliteStamp {
  // Two statements: the pragma as a table-valued function took twice as long as both alone.
  const changes = raw.prepare('SELECT total_changes()').pluck();
  const version = raw.prepare('PRAGMA data_version').pluck();
  return {
    read() {
      try {
        return `${String(changes.get())}:${String(version.get())}`;
      } catch {
        return undefined;
      }
    },
    close() {},
  };
}
