import { versionAtOrBelow } from '../store/auth-watch';
import type { ConsoleStore } from '../store/store';

/** A session as read from the store, remembered between requests (decision 0045). */
export interface CachedSession<T> {
  info: T;
  createdAt: number;
  lastSeenAt: number;
}

/** The sessions remembered as of one stamp of the store. */
class StampedCache<T> {
  readonly entries = new Map<string, CachedSession<T>>();
  constructor(readonly stamp: string) {}

  get(tokenHash: string): CachedSession<T> | undefined {
    return this.entries.get(tokenHash);
  }

  /** Remembers a session read at this stamp; a write since then would already have cleared it. */
  set(tokenHash: string, entry: CachedSession<T>): void {
    if (this.entries.size >= maxEntries) this.entries.clear();
    this.entries.set(tokenHash, entry);
  }
}

const maxEntries = 10_000;
const caches = new WeakMap<ConsoleStore, StampedCache<unknown>>();

/**
 * The remembered sessions of `store`, valid as of now: cleared when anything in the store changed
 * since they were read (`ConsoleStore.stamp`). Undefined on PostgreSQL (its replicas are other
 * processes, see decision 0045) and when the stamp cannot be read: the request then takes the store
 * path and meets whatever the store answers.
 */
export function sessionCache<T>(store: ConsoleStore): StampedCache<T> | undefined {
  const stamp = store.stamp();
  if (stamp === undefined) return undefined;
  let cache = caches.get(store);
  if (!cache || cache.stamp !== stamp) {
    cache = new StampedCache(stamp);
    caches.set(store, cache);
  }
  return cache as StampedCache<T>;
}

/**
 * PostgreSQL's remembered sessions (decision 0045): each kept with the auth version it was read at
 * (`auth-version-migration.ts`). A remembered session is only a candidate: the request confirms it
 * with the version its rate limit returns (`confirm`), and a newer version clears them all, so an
 * ended session or changed operator holds at the next request on every replica. A class, taken as
 * it is on every request: no closures made per call.
 */
class VersionedCache<T> {
  /** The store's auth version the entries were read at; null when it could not be read. */
  version: string | null = null;
  readonly entries = new Map<string, CachedSession<T> & { version: string }>();

  candidate(tokenHash: string): (CachedSession<T> & { version: string }) | undefined {
    return this.entries.get(tokenHash);
  }

  /** Remembers a session read at `version` (in the same statement), the store's newest seen. */
  set(tokenHash: string, entry: CachedSession<T>, version: string | null): void {
    this.observe(version);
    if (version === null) return;
    if (this.entries.size >= maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { ...entry, version });
  }

  /**
   * Whether a candidate read at `readAt` still holds at `version` (nothing was written after it
   * was read); moves the cache to `version` when it is newer.
   */
  confirm(readAt: string, version: string | null): boolean {
    this.observe(version);
    return version !== null && versionAtOrBelow(version, readAt);
  }

  /**
   * Moves to `version` when it is newer, forgetting every session read before it. An older one is
   * a listener's that has not yet heard of a write a session was read after (decision 0065).
   */
  private observe(version: string | null): void {
    if (version === this.version) return;
    if (version !== null && this.version !== null && versionAtOrBelow(version, this.version))
      return;
    this.version = version;
    this.entries.clear();
  }
}

const versioned = new WeakMap<ConsoleStore, VersionedCache<unknown>>();

/** The remembered sessions of a PostgreSQL store (VersionedCache). */
export function versionedSessionCache<T>(store: ConsoleStore): VersionedCache<T> {
  let cache = versioned.get(store);
  if (!cache) {
    cache = new VersionedCache();
    versioned.set(store, cache);
  }
  return cache as VersionedCache<T>;
}
