import { mkdirSync } from 'node:fs';

/** A store that cannot be used, said so that an operator knows which file and what to do. */
export class StoreProblem extends Error {
  override name = 'StoreProblem';
}

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/** Creates the data directory, or says why it cannot be used. */
export function prepareDataDir(dir: string, variable: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = codeOf(error);
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new StoreProblem(
        `${variable}: ${dir} is a file, not a directory. Point ${variable} at a directory.`,
      );
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new StoreProblem(
        `${variable}: cannot create ${dir} (${code}: read-only or no permission). Give the console's user write access to it or point ${variable} elsewhere.`,
      );
    }
    throw error;
  }
}

/**
 * What went wrong opening the SQLite store at `file`, in words with the fix. SQLite's own messages
 * ("unable to open database file", "file is not a database") name neither the file nor a way out.
 */
export function explainStoreError(file: string, what: string, error: unknown): StoreProblem {
  const code = codeOf(error) ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (code.startsWith('SQLITE_READONLY') || /readonly/i.test(message)) {
    return new StoreProblem(
      `The ${what} ${file} is read-only (${code || message}). Give the console's user write access to the file and its directory (SQLite writes -wal and -shm files beside it).`,
    );
  }
  if (code.startsWith('SQLITE_CANTOPEN')) {
    return new StoreProblem(
      `Cannot open the ${what} ${file} (${code}): the directory is missing, read-only or not accessible. Check its permissions.`,
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StoreProblem(
      `The ${what} ${file} stayed locked by another program (${code}). Stop the other process using it, or give this one its own data directory.`,
    );
  }
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return new StoreProblem(
      `The ${what} ${file} is damaged (${code}). Restore it from a backup, or move it aside to start with an empty store (its audit trail and operators would then be missing).`,
    );
  }
  if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR')) {
    return new StoreProblem(
      `The ${what} ${file} cannot be written (${code}): the disk is full or failing. Free space, then start again.`,
    );
  }
  return new StoreProblem(`Cannot use the ${what} ${file}: ${message}`);
}

/**
 * What went wrong reaching the PostgreSQL store, in words with the fix. `location` names the server
 * and database without the password.
 */
export function explainPostgresError(location: string, error: unknown): StoreProblem {
  const code = codeOf(error) ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'ETIMEDOUT' ||
    code === 'EHOSTUNREACH'
  ) {
    return new StoreProblem(
      `Cannot reach PostgreSQL at ${location} (${code}). Start the server or correct CONSOLE_DATABASE_URL.`,
    );
  }
  if (/timeout exceeded when trying to connect|connection timeout/i.test(message)) {
    return new StoreProblem(
      `PostgreSQL at ${location} did not answer in time (${message}): the host may be unroutable or a firewall drops the connection. Check the host and port in CONSOLE_DATABASE_URL and that this machine can reach them.`,
    );
  }
  if (/Connection terminated|ECONNRESET|not queryable/i.test(message) || code === 'ECONNRESET') {
    return new StoreProblem(
      `PostgreSQL at ${location} closed the connection before answering (${message}): the address may not be a PostgreSQL server (another service, a load balancer or a proxy on that port), or it refuses this client's address. Check the host and port in CONSOLE_DATABASE_URL and the server's pg_hba.conf.`,
    );
  }
  if (code === '28P01' || code === '28000') {
    return new StoreProblem(
      `PostgreSQL at ${location} refused the console's credentials (${code}). Check the user and password in CONSOLE_DATABASE_URL (or CONSOLE_DATABASE_URL_FILE).`,
    );
  }
  if (code === '3D000') {
    return new StoreProblem(
      `The database of ${location} does not exist (${code}). Create it (CREATE DATABASE) and give the console's user rights on it.`,
    );
  }
  if (code === '42501') {
    return new StoreProblem(
      `The console's user may not create its tables at ${location} (${code}). Grant it CREATE on the database's schema, or run the first start as the database's owner.`,
    );
  }
  return new StoreProblem(`Cannot use the console store at ${location}: ${message}`);
}
