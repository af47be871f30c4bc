import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class StoreLockedError extends Error {
  override name = 'StoreLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Single-writer lock: a file holding the owner's pid, created exclusively. A lock left behind by a
 * process that no longer runs (killed with SIGKILL) is taken over; a live owner makes this throw at once.
 * Returns the release function.
 */
export function acquireLock(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        if (readOwner(path) === process.pid) unlinkSync(path);
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const owner = readOwner(path);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new StoreLockedError(
          `Another emulator (pid ${owner}) is using this data directory (lock file ${path}). Stop it first, or use another data directory.`,
        );
      }
      if (owner === process.pid) {
        throw new StoreLockedError(`This process already holds the lock ${path}.`);
      }
      unlinkSync(path);
    }
  }
  throw new StoreLockedError(`Could not take the lock ${path}: another process keeps creating it.`);
}
