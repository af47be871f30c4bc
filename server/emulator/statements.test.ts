import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedCount } from './statements';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(file = ':memory:') {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, kind TEXT NOT NULL)');
  return db;
}

const countKind = (db: Database.Database, kind: string) =>
  cachedCount(db, 'SELECT count(*) FROM items WHERE kind = ?', [kind]);

describe('cachedCount', () => {
  it('keeps one count per query and parameters, and drops them all at the next write', () => {
    const db = open();
    db.exec("INSERT INTO items (kind) VALUES ('a'), ('a'), ('b')");
    expect(countKind(db, 'a')).toBe(2);
    expect(countKind(db, 'b')).toBe(1);
    db.prepare("INSERT INTO items (kind) VALUES ('a')").run();
    expect(countKind(db, 'a')).toBe(3);
    db.prepare("UPDATE items SET kind = 'b' WHERE kind = 'a'").run();
    expect(countKind(db, 'a')).toBe(0);
    expect(countKind(db, 'b')).toBe(4);
    db.exec('DELETE FROM items');
    expect(countKind(db, 'b')).toBe(0);
    db.close();
  });

  it('sees rows committed by another connection to the same file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-counts-'));
    dirs.push(dir);
    const file = join(dir, 'counts.sqlite');
    const reader = open(file);
    const writer = open(file);
    expect(countKind(reader, 'a')).toBe(0);
    writer.prepare("INSERT INTO items (kind) VALUES ('a')").run();
    expect(countKind(reader, 'a')).toBe(1);
    writer.close();
    reader.close();
  });

  it('counts uncommitted rows inside a transaction without keeping them after a rollback', () => {
    const db = open();
    db.exec("INSERT INTO items (kind) VALUES ('a')");
    expect(countKind(db, 'a')).toBe(1);
    const inside = db.transaction(() => {
      db.prepare("INSERT INTO items (kind) VALUES ('a')").run();
      const seen = countKind(db, 'a');
      throw Object.assign(new Error('roll back'), { seen });
    });
    let seen: unknown;
    try {
      inside();
    } catch (error) {
      seen = error instanceof Error && 'seen' in error ? error.seen : undefined;
    }
    expect(seen).toBe(2);
    expect(countKind(db, 'a')).toBe(1);
    db.close();
  });
});
