import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreLockedError } from './lock';
import { migrations } from './migrations';
import { seedDemo } from './seed';
import { openStore, StoreIntegrityError } from './store';

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-store-'));
  dirs.push(dir);
  return join(dir, 'chat.sqlite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openStore', () => {
  it('applies every migration once, with WAL, synchronous=FULL and foreign keys on', () => {
    const file = tempFile();
    const store = openStore({ file });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(store.db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual(
      migrations.map((m) => m.version),
    );
    store.close();
    const again = openStore({ file });
    expect(again.db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(
      migrations.length,
    );
    again.close();
  });

  it('keeps committed rows across close and reopen, and truncates the WAL on close', () => {
    const file = tempFile();
    const store = openStore({ file });
    store.db
      .prepare(
        "INSERT INTO roles (role, name, created_at, updated_at) VALUES ('kept', 'Kept', 1, 1)",
      )
      .run();
    store.close();
    const reopened = openStore({ file });
    expect(reopened.db.prepare("SELECT name FROM roles WHERE role = 'kept'").pluck().get()).toBe(
      'Kept',
    );
    reopened.close();
  });

  it('lets only one holder of the lock at a time, and frees it on close', () => {
    const file = tempFile();
    const first = openStore({ file, lock: true });
    expect(() => openStore({ file, lock: true })).toThrow(StoreLockedError);
    first.close();
    openStore({ file, lock: true }).close();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const file = tempFile();
    writeFileSync(`${file}.lock`, '999999999\n');
    openStore({ file, lock: true }).close();
  });

  it('refuses a lock held by a live process with a message naming it', () => {
    const file = tempFile();
    writeFileSync(`${file}.lock`, `${process.ppid}\n`);
    expect(() => openStore({ file, lock: true })).toThrow(
      /Another emulator \(pid \d+\) is using this data directory/,
    );
  });

  it('reports a damaged file instead of re-creating it', () => {
    const file = tempFile();
    writeFileSync(
      file,
      'this is not a database, just some bytes that happen to be long enough'.repeat(100),
    );
    expect(() => openStore({ file })).toThrow(StoreIntegrityError);
  });

  it('reports a database whose pages were damaged', () => {
    const file = tempFile();
    const store = openStore({ file });
    seedDemo(store);
    store.close();
    const bytes = readFileSync(file);
    for (let offset = 8192; offset < bytes.length; offset += 4096)
      bytes.fill(0xa5, offset + 100, offset + 400);
    writeFileSync(file, bytes);
    expect(() => openStore({ file })).toThrow(StoreIntegrityError);
  });

  it('upgrades a version 1 store, keeping users and the rows that point to them', () => {
    const file = tempFile();
    const v1 = new Database(file);
    const first = migrations[0];
    if (!first) throw new Error('no migrations');
    v1.exec(first.sql);
    v1.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL);
      INSERT INTO schema_migrations VALUES (1, 'initial schema', 1);
      PRAGMA user_version = 1;
      INSERT INTO roles VALUES ('default', 'Default', NULL, NULL, 1, 1);
      INSERT INTO users (uid, name, status, role, created_at, updated_at, deactivated_at) VALUES ('ada', 'Ada', 'offline', 'default', 1, 1, NULL), ('bo', 'Bo', 'offline', 'default', 1, 1, 5);
      INSERT INTO groups (guid, name, type, owner, created_at, updated_at) VALUES ('g', 'G', 'public', 'ada', 1, 1);
      INSERT INTO group_bans VALUES ('g', 'bo', 3);
      INSERT INTO messages (id, conversation_id, sender, receiver_type, receiver, category, type, data, sent_at, updated_at, moderation)
        VALUES (1, 'ada_user_bo', 'ada', 'user', 'bo', 'message', 'text', '{}', 1, 1, 'pending'), (2, 'ada_user_bo', 'ada', 'user', 'bo', 'message', 'image', '{}', 1, 1, 'pending');
      INSERT INTO blocked_messages (message_id, rule_id, rule_name, condition, action, status, created_at, updated_at) VALUES
        (1, 'email_filter', 'Email', '{"operand":"text","message":["Message contains an email address"]}', '[]', 'pending', 1, 1),
        (2, 'image-moderation', 'Image', '{"operand":"image","message":["Image contains unsafe content"]}', '[]', 'pending', 1, 1);`);
    v1.close();
    const store = openStore({ file });
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    expect(store.db.prepare('SELECT uid, deactivated_at FROM users ORDER BY uid').all()).toEqual([
      { uid: 'ada', deactivated_at: null },
      { uid: 'bo', deactivated_at: 5 },
    ]);
    expect(store.db.prepare("SELECT uid FROM group_bans WHERE guid = 'g'").pluck().all()).toEqual([
      'bo',
    ]);
    expect(store.db.prepare('SELECT guid, count FROM group_ban_counts').all()).toEqual([
      { guid: 'g', count: 1 },
    ]);
    expect(
      store.db.prepare('SELECT role, status, active, count FROM user_counts ORDER BY active').all(),
    ).toEqual([
      { role: 'default', status: 'offline', active: 0, count: 1 },
      { role: 'default', status: 'offline', active: 1, count: 1 },
    ]);
    // Text rules state their condition message as a string (migration 5); image rules keep a list.
    expect(
      store.db
        .prepare(
          "SELECT json_extract(condition, '$.message') FROM blocked_messages ORDER BY message_id",
        )
        .pluck()
        .all(),
    ).toEqual(['Message contains an email address', '["Image contains unsafe content"]']);
    expect(store.db.prepare('SELECT role, settings FROM roles').all()).toEqual([
      { role: 'default', settings: null },
    ]);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() =>
      store.db.prepare("INSERT INTO group_bans VALUES ('g', 'nobody', 1)").run(),
    ).toThrow(/FOREIGN KEY/);
    store.close();
  });

  it('keeps the user and ban totals equal to the rows through every kind of write', () => {
    const store = openStore({ file: ':memory:' });
    const db = store.db;
    const drift = () => ({
      users: db
        .prepare(
          `SELECT count(*) FROM (SELECT role, status, deactivated_at IS NULL AS active, count(*) AS n FROM users GROUP BY 1, 2, 3) x
           FULL JOIN user_counts c USING (role, status, active) WHERE c.count IS NOT x.n`,
        )
        .pluck()
        .get(),
      bans: db
        .prepare(
          'SELECT count(*) FROM (SELECT guid, count(*) AS n FROM group_bans GROUP BY 1) x FULL JOIN group_ban_counts c USING (guid) WHERE c.count IS NOT x.n',
        )
        .pluck()
        .get(),
    });
    const none = { users: 0, bans: 0 };
    seedDemo(store);
    expect(db.prepare('SELECT sum(count) FROM user_counts').pluck().get()).toBe(300);
    expect(
      db.prepare("SELECT count FROM group_ban_counts WHERE guid = 'support-hub'").pluck().get(),
    ).toBe(250);
    expect(drift()).toEqual(none);
    const steps = [
      "UPDATE users SET deactivated_at = 10, status = 'offline' WHERE uid IN (SELECT uid FROM users ORDER BY uid LIMIT 20)",
      'UPDATE users SET deactivated_at = 11 WHERE deactivated_at = 10',
      "UPDATE users SET role = 'moderator' WHERE uid IN (SELECT uid FROM users ORDER BY uid DESC LIMIT 5)",
      "UPDATE users SET status = 'available' WHERE uid IN (SELECT uid FROM users ORDER BY name LIMIT 7)",
      'UPDATE users SET deactivated_at = NULL WHERE deactivated_at = 11',
      "INSERT INTO users (uid, name, status, role, created_at, updated_at, deactivated_at) VALUES ('new-one', 'New', 'offline', 'manager', 1, 1, 3)",
      "DELETE FROM group_bans WHERE uid IN (SELECT uid FROM group_bans WHERE guid = 'support-hub' LIMIT 30)",
      "UPDATE group_bans SET guid = 'general' WHERE guid = 'support-hub' AND uid IN (SELECT uid FROM group_bans WHERE guid = 'support-hub' LIMIT 3) AND uid NOT IN (SELECT uid FROM group_bans WHERE guid = 'general')",
      "DELETE FROM users WHERE uid = 'new-one'",
      "DELETE FROM groups WHERE guid = 'support-hub'",
    ];
    for (const step of steps) {
      db.prepare(step).run();
      expect(drift(), step).toEqual(none);
    }
    expect(
      db.prepare("SELECT count(*) FROM group_ban_counts WHERE guid = 'support-hub'").pluck().get(),
    ).toBe(0);
    store.close();
  });

  it('refuses a store from a newer emulator', () => {
    const file = tempFile();
    const store = openStore({ file });
    store.db.pragma('user_version = 999');
    store.close();
    expect(() => openStore({ file })).toThrow(/schema version 999/);
  });
});
