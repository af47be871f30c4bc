import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openTestStore, testEngine, withDatabase } from '../test-support/test-store';
import { sqliteHistory } from './sqlite-history';
import { openConsoleStore, reusableQuery } from './store';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'console-store-')), 'console.sqlite');

/** Tables, their columns (type, not null, default, key) and indexes, as SQLite describes them. */
function describeSchema(file: string) {
  const db = new Database(file, { readonly: true });
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const schema = tables.map((table) => ({
    table,
    columns: db
      .prepare(
        `SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY name`,
      )
      .all(table),
    indexes: db
      .prepare(
        `SELECT l.name, l."unique", l.partial, group_concat(i.name) AS columns
         FROM pragma_index_list(?) AS l, pragma_index_info(l.name) AS i
         GROUP BY l.name ORDER BY l.name`,
      )
      .all(table),
  }));
  db.close();
  return schema;
}

describe('the SQLite store', () => {
  it('ends at the same tables, columns and indexes whether new or upgraded from an older console', async () => {
    const upgraded = tempFile();
    const old = new Database(upgraded);
    sqliteHistory.forEach((step, index) => {
      old.function('legacy_audit_targets', (_text: unknown) => '{}');
      old.exec(step);
      old.pragma(`user_version = ${index + 1}`);
    });
    old.close();
    await (await openConsoleStore({ file: upgraded })).close();
    const fresh = tempFile();
    await (await openConsoleStore({ file: fresh })).close();

    const schema = describeSchema(fresh);
    expect(schema.map((t) => t.table)).toContain('audit');
    expect(describeSchema(upgraded)).toEqual(schema);
  });

  it('refuses a store written by a newer console, saying what to do', async () => {
    const file = tempFile();
    await (await openConsoleStore({ file })).close();
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    await expect(openConsoleStore({ file })).rejects.toThrow(
      /is at schema version 99, newer than this program \(\d+\)\. Run the newer console/,
    );
  });
});

describe('a reusable query', () => {
  it('answers each run for its own values, and refuses a build that binds others', async () => {
    const store = await openConsoleStore({ file: ':memory:' });
    await store.db
      .insertInto('leases')
      .values([
        { name: 'a', holder: 'ann', expires_at: 1 },
        { name: 'b', holder: 'bob', expires_at: 2 },
      ])
      .execute();
    const holderOf = reusableQuery((db, name: string) =>
      db.selectFrom('leases').select('holder').where('name', '=', name),
    );
    expect(await holderOf(store.db, 'a')).toEqual([{ holder: 'ann' }]);
    expect(await holderOf(store.db, 'b')).toEqual([{ holder: 'bob' }]);
    expect(await holderOf(store.db, 'c')).toEqual([]);
    const extra = reusableQuery((db, name: string) =>
      db.selectFrom('leases').select('holder').where('name', '=', name).where('expires_at', '>', 0),
    );
    await expect(extra(store.db, 'a')).rejects.toThrow('bind each value once, in order');
    await store.close();
  });
});

describe('the PostgreSQL store', () => {
  it('says which server cannot be reached, never printing the password', async () => {
    const opening = openConsoleStore({ url: 'postgres://console:s3cret@127.0.0.1:1/console' });
    await expect(opening).rejects.toThrow(
      'Cannot reach PostgreSQL at postgres://console@127.0.0.1:1/console (ECONNREFUSED). Start the server or correct CONSOLE_DATABASE_URL.',
    );
  });

  const url = testEngine() === 'postgres' ? inject('postgresUrl') : undefined;
  it.runIf(url)('names a database that does not exist', async () => {
    const missing = withDatabase(url ?? '', 'no_such_database');
    await expect(openConsoleStore({ url: missing })).rejects.toThrow(
      /The database of postgres:\/\/console@127\.0\.0\.1:\d+\/no_such_database does not exist \(3D000\)\. Create it/,
    );
  });

  it.runIf(url)('is migrated once when replicas start together on an empty database', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('CREATE DATABASE replicas_start');
    await admin.end();
    const target = withDatabase(url ?? '', 'replicas_start');
    const replicas = await Promise.all([1, 2, 3].map(() => openConsoleStore({ url: target })));
    const [first] = replicas;
    const applied = await first?.db
      .selectFrom('console_migrations' as 'leases')
      .select('name')
      .execute();
    expect(applied?.map((row) => row.name)).toEqual([
      '0001-baseline',
      '0002-shared-by-replicas',
      '0003-idempotency-keys',
      '0004-audit-targets',
      '0005-insight-totals',
      '0006-insight-late-index',
      '0007-auth-version',
      '0008-auth-listeners',
    ]);
    // Each sees the others' rows: one store.
    await replicas[1]?.db
      .insertInto('leases')
      .values({ name: 'x', holder: 'b', expires_at: 1 })
      .execute();
    expect(await replicas[2]?.db.selectFrom('leases').select('holder').execute()).toEqual([
      { holder: 'b' },
    ]);
    await Promise.all(replicas.map((store) => store.close()));
  });

  it.runIf(url)(
    'runs a reusable query as a prepared statement, and other queries as sent',
    async () => {
      const store = await openTestStore();
      const holderOf = reusableQuery((db, name: string) =>
        db.selectFrom('leases').select('holder').where('name', '=', name),
      );
      expect(await holderOf(store.db, 'a')).toEqual([]);
      // One connection at a time here, so the pool hands the same one back: it holds the statement.
      const prepared = await sql<{
        name: string;
      }>`SELECT name FROM pg_prepared_statements WHERE statement LIKE '%"leases"%'`.execute(
        store.db,
      );
      expect(prepared.rows.map((row) => row.name)).toEqual([
        expect.stringMatching(/^reusable_\d+$/),
      ]);
      expect(await holderOf(store.db, 'a')).toEqual([]);
      await store.close();
    },
  );

  it.runIf(url)(
    'gives each open test store a database of its own, and a closed one’s back emptied',
    async () => {
      const queueSample = { at: 1, size: 3, oldest_sent_at: null };
      const a = await openTestStore();
      const b = await openTestStore();
      expect(b.location).not.toBe(a.location);
      await a.db.insertInto('leases').values({ name: 'x', holder: 'a', expires_at: 1 }).execute();
      await a.db.insertInto('queue_samples').values([queueSample, queueSample]).execute();
      expect(await b.db.selectFrom('leases').selectAll().execute()).toEqual([]);

      await a.close();
      const c = await openTestStore();
      expect(c.location).toBe(a.location);
      expect(await c.db.selectFrom('leases').selectAll().execute()).toEqual([]);
      expect(await c.db.selectFrom('queue_samples').selectAll().execute()).toEqual([]);
      // Row ids start again at 1, as in a new copy of the template.
      await c.db.insertInto('queue_samples').values(queueSample).execute();
      expect(await c.db.selectFrom('queue_samples').select('id').execute()).toEqual([{ id: 1 }]);
      await Promise.all([b.close(), c.close()]);
    },
  );
});
