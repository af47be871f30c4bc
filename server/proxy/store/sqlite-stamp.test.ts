import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addOperator } from '../auth/operators';
import { testHashCost } from '../test-support/harness';
import { openConsoleStore, type ConsoleStore } from './store';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fileStore(): Promise<{ store: ConsoleStore; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'console-stamp-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'console.sqlite');
  const store = await openConsoleStore({ file });
  cleanups.push(() => store.close());
  return { store, file };
}

const operator = { username: 'dana', role: 'moderator', password: 'a long enough passphrase' };

const countSessions = (store: ConsoleStore) =>
  store.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();

describe("a SQLite store's stamp", () => {
  it('moves with every commit to the file, by the store or another connection, and not with reads', async () => {
    const { store, file } = await fileStore();
    const first = store.stamp();
    expect(first).toEqual(expect.any(String));
    await countSessions(store);
    expect(store.stamp()).toBe(first);

    await addOperator(store, operator, { hashCost: testHashCost });
    const afterOwn = store.stamp();
    expect(afterOwn).not.toBe(first);

    const other = new Database(file);
    cleanups.push(() => {
      other.close();
    });
    other.prepare('SELECT count(*) FROM operators').get();
    expect(store.stamp()).toBe(afterOwn);
    other.prepare("UPDATE operators SET role = 'support'").run();
    const afterOther = store.stamp();
    expect(afterOther).not.toBe(afterOwn);
    other.prepare('DELETE FROM operators').run();
    expect(store.stamp()).not.toBe(afterOther);
  });

  it('moves with every commit to an in-memory store, and reads nothing once closed', async () => {
    const store = await openConsoleStore({ file: ':memory:' });
    const first = store.stamp();
    expect(first).toEqual(expect.any(String));
    await countSessions(store);
    expect(store.stamp()).toBe(first);
    await addOperator(store, operator, { hashCost: testHashCost });
    expect(store.stamp()).not.toBe(first);
    await store.close();
    expect(store.stamp()).toBeUndefined();
  });

  it('reads nothing once its file store is closed', async () => {
    const { store } = await fileStore();
    expect(store.stamp()).toEqual(expect.any(String));
    await store.close();
    expect(store.stamp()).toBeUndefined();
  });
});
