import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import { addOperator, setOperatorRole } from '../auth/operators';
import { testHashCost } from '../test-support/hash-cost';
import { testEngine, testStores, withDatabase } from '../test-support/test-store';
import { watchAuthVersion } from './auth-watch';
import { createStoreRateLimiter } from './rate-buckets';
import type { StoreSchema } from './schema';
import { openConsoleStore, type ConsoleStore } from './store';

/**
 * PostgreSQL replicas hold the auth version in memory (decision 0065): each store listens for its
 * notifications and vouches for it while its lease is live, and the console's writers wait until
 * every live listener has acknowledged what they wrote.
 */
const open = testStores();
const password = 'lantern harbour quietly';

/** The URL of the database `store` is on. */
const databaseUrlOf = (store: ConsoleStore) =>
  withDatabase(inject('postgresUrl') ?? '', new URL(store.location).pathname.slice(1));

/** A second process's store on the same database as `store`. */
async function otherProcess(store: ConsoleStore): Promise<ConsoleStore> {
  const other = await openConsoleStore({ url: databaseUrlOf(store) });
  onTestFinished(() => other.close());
  return other;
}

const currentVersion = async (store: ConsoleStore) =>
  (await sql<{ v: string }>`SELECT version::text AS v FROM auth_version`.execute(store.db)).rows[0]
    ?.v;

const vouching = (store: ConsoleStore) =>
  vi.waitFor(() => expect(store.authWatch?.known()).toBeDefined(), { timeout: 5_000 });

describe.runIf(testEngine() === 'postgres')('the auth version held in memory', () => {
  it("keeps the lease of a store opened on a database a closed test's store left", async () => {
    const first = await open();
    await first.close();
    // The database is emptied before the next store opens on it, not after: emptied after, the
    // lease its listener had just written went too, and writers did not wait for that listener.
    const store = await open();
    expect(store.location).toBe(first.location);
    await vouching(store);
    const { rows } = await sql<{ live: number }>`SELECT count(*)::int AS live FROM auth_listeners
      WHERE lease_until > now()`.execute(store.db);
    expect(rows).toEqual([{ live: 1 }]);
    expect(store.authWatch?.known()).toBe(await currentVersion(store));
  });

  it('is known to another process before a role change returns', async () => {
    const a = await open();
    await addOperator(
      a,
      { username: 'mo', role: 'moderator', password },
      { hashCost: testHashCost },
    );
    const b = await otherProcess(a);
    await vouching(a);
    await vouching(b);
    const before = b.authWatch?.known();
    await setOperatorRole(a, 'mo', 'support');
    // Taken before anything else is awaited: the write returned only once both had acknowledged it.
    const heard = b.authWatch?.known();
    const { rows } = await sql<{ behind: number }>`SELECT count(*) AS behind FROM auth_listeners
      WHERE acked < (SELECT version FROM auth_version)`.execute(a.db);
    const after = await currentVersion(a);
    expect(after).not.toBe(before);
    expect(heard).toBe(after);
    expect(rows).toEqual([{ behind: 0 }]);
  });

  it('holds a writer until a listener that never acknowledges has lost its lease', async () => {
    const a = await open();
    await addOperator(
      a,
      { username: 'mo', role: 'moderator', password },
      { hashCost: testHashCost },
    );
    await vouching(a);
    await sql`INSERT INTO auth_listeners (id, acked, lease_until)
      VALUES ('stuck', 0, now() + interval '400 milliseconds')`.execute(a.db);
    await setOperatorRole(a, 'mo', 'support');
    const { rows } = await sql<{ lapsed: boolean }>`SELECT lease_until <= now() AS lapsed
      FROM auth_listeners WHERE id = 'stuck'`.execute(a.db);
    expect(rows).toEqual([{ lapsed: true }]);
  });

  it("returns from a writer's wait once a lease has passed when the store stops answering", async () => {
    // Nothing listens on port 1: every statement of the wait is refused.
    const url = 'postgres://console@127.0.0.1:1/console';
    const gone = new Kysely<StoreSchema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
    });
    onTestFinished(() => gone.destroy());
    const watch = watchAuthVersion(url, gone, { leaseMs: 300 });
    onTestFinished(() => watch.close());
    await expect(watch.settled()).resolves.toBeUndefined();
  });

  it('stops vouching at the renewal that finds a version it was not notified of', async () => {
    const a = await open();
    await vouching(a);
    // Moved by hand, so no trigger notifies it: as when notifications do not arrive.
    await sql`UPDATE auth_version SET version = version + 1`.execute(a.db);
    const moved = await currentVersion(a);
    const seen: (string | undefined)[] = [];
    await vi.waitFor(
      () => {
        seen.push(a.authWatch?.known());
        expect(seen.at(-1)).toBe(moved);
      },
      { timeout: 5_000, interval: 10 },
    );
    // Between the old version and the new one, a moment of reading the version instead.
    expect(seen).toContain(undefined);
    expect(seen.indexOf(undefined)).toBeLessThan(seen.indexOf(moved));
  });

  it('stops vouching when its connection is cut, reads the version meanwhile, and vouches again', async () => {
    const a = await open();
    await vouching(a);
    const limiter = createStoreRateLimiter(a, { perSecond: 100, burst: 100 });
    const statements = vi.spyOn(a.db, 'executeQuery');
    const versionReads = () =>
      statements.mock.calls.filter(
        ([query]) => 'sql' in query && query.sql.startsWith('select (SELECT version'),
      ).length;
    await limiter.takeReadingAuthVersion?.('operator:1', Date.now());
    expect(versionReads()).toBe(0);

    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'console auth watch' AND datname = current_database()`.execute(a.db);
    await vi.waitFor(() => expect(a.authWatch?.known()).toBeUndefined());
    const taken = await limiter.takeReadingAuthVersion?.('operator:1', Date.now());
    expect(versionReads()).toBe(1);
    expect(taken?.authVersion).toBe(await currentVersion(a));

    await vouching(a);
    expect(a.authWatch?.known()).toBe(await currentVersion(a));
  });
});
