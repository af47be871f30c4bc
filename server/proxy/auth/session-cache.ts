import { versionAtOrBelow } from '../store/auth-watch';
import type { ConsoleStore } from '../store/store';

/** A session as read from the store, remembered between requests (decision 0045). */
export interface CachedSession<T> {
  info: T;
  createdAt: number;
  lastSeenAt: number;
}

interface Cache<T> {
  stamp: string;
  entries: Map<string, CachedSession<T>>;
}

const maxEntries = 10_000;
const caches = new WeakMap<ConsoleStore, Cache<unknown>>();
const stampStatements = new WeakMap<ConsoleStore, () => string>();

/**
 * What the SQLite store has been through: rows changed by this process's connection and commits by
 * any other connection (the operator CLI, a repair). Read synchronously, in microseconds, on every
 * request; when it moves, every remembered session is read again. Undefined on PostgreSQL (its
 * replicas are other processes, see decision 0045) and when the store cannot be read, so the
 * request takes the store path and meets whatever the store answers.
 */
function storeStamp(store: ConsoleStore): string | undefined {
  const raw = store.sqlite;
  if (!raw || store.closed) return undefined;
  let read = stampStatements.get(store);
  try {
    if (!read) {
      // Two statements: the pragma as a table-valued function took twice as long as both alone.
      const changes = raw.prepare('SELECT total_changes()').pluck();
      const version = raw.prepare('PRAGMA data_version').pluck();
      read = () => `${String(changes.get())}:${String(version.get())}`;
      stampStatements.set(store, read);
    }
    return read();
  } catch {
    return undefined;
  }
}

/**
 * The remembered sessions of `store`, valid as of now: cleared when anything in the store changed
 * since they were read. Undefined when sessions cannot be remembered (see storeStamp).
 */
export function sessionCache<T>(store: ConsoleStore) {
  const stamp = storeStamp(store);
  if (stamp === undefined) return undefined;
  let cache = caches.get(store) as Cache<T> | undefined;
  if (!cache || cache.stamp !== stamp) {
    cache = { stamp, entries: new Map() };
    caches.set(store, cache);
  }
  const current = cache;
  return {
    get: (tokenHash: string) => current.entries.get(tokenHash),
    /** Remembers a session read at this stamp; a write since then would already have cleared it. */
    set(tokenHash: string, entry: CachedSession<T>) {
      if (current.entries.size >= maxEntries) current.entries.clear();
      current.entries.set(tokenHash, entry);
    },
  };
}

interface VersionedCache<T> {
  /** The store's auth version the entries were read at; null when it could not be read. */
  version: string | null;
  entries: Map<string, CachedSession<T> & { version: string }>;
}

const versioned = new WeakMap<ConsoleStore, VersionedCache<unknown>>();

/**
 * PostgreSQL's remembered sessions (decision 0045): each kept with the auth version it was read at
 * (`auth-version-migration.ts`). A remembered session is only a candidate: the request confirms it
 * with the version its rate limit returns (`confirm`), and a newer version clears them all, so an
 * ended session or changed operator holds at the next request on every replica.
 */
export function versionedSessionCache<T>(store: ConsoleStore) {
  let cache = versioned.get(store) as VersionedCache<T> | undefined;
  if (!cache) {
    cache = { version: null, entries: new Map() };
    versioned.set(store, cache);
  }
  const current = cache;
  /**
   * Moves to `version` when it is newer, forgetting every session read before it. An older one is
   * a listener's that has not yet heard of a write a session was read after (decision 0065).
   */
  const observe = (version: string | null) => {
    if (version === current.version) return;
    if (version !== null && current.version !== null && versionAtOrBelow(version, current.version))
      return;
    current.version = version;
    current.entries.clear();
  };
  return {
    candidate: (tokenHash: string) => current.entries.get(tokenHash),
    /** Remembers a session read at `version` (in the same statement), the store's newest seen. */
    set(tokenHash: string, entry: CachedSession<T>, version: string | null) {
      observe(version);
      if (version === null) return;
      if (current.entries.size >= maxEntries) current.entries.clear();
      current.entries.set(tokenHash, { ...entry, version });
    },
    /**
     * Whether a candidate read at `readAt` still holds at `version` (nothing was written after it
     * was read); moves the cache to `version` when it is newer.
     */
    confirm(readAt: string, version: string | null): boolean {
      observe(version);
      return version !== null && versionAtOrBelow(version, readAt);
    },
  };
}
