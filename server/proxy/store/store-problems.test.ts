import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openConsoleStore } from './store';
import { explainPostgresError, explainStoreError, prepareDataDir } from './store-problems';

const tempDir = () => mkdtempSync(join(tmpdir(), 'console-store-'));

/** Overwrites the middle of every page after the first: the header stays valid, the b-trees do not. */
/**
 * Overwrites the start of every page in the second half of the file: the filler rows written last,
 * never the schema's pages at the front, so the store opens and its integrity check finds the damage.
 */
function damagePages(file: string): void {
  const pageSize = 4096;
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  const half = Math.floor(size / pageSize / 2) * pageSize;
  for (let offset = Math.max(pageSize, half); offset < size; offset += pageSize)
    writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, offset + 8);
  closeSync(fd);
}

describe('opening the console store', () => {
  it('refuses a file that is not a database, naming it and the way out', async () => {
    const file = join(tempDir(), 'console.sqlite');
    writeFileSync(
      file,
      'this is not a database, it is a note left in the data directory'.repeat(100),
    );
    await expect(openConsoleStore({ file })).rejects.toThrow(
      new RegExp(
        `The console store ${file} is damaged \\(SQLITE_NOTADB\\)\\. Restore it from a backup`,
      ),
    );
  });

  it('refuses a store whose pages are damaged: the integrity check runs at every start', async () => {
    const file = join(tempDir(), 'console.sqlite');
    await (await openConsoleStore({ file })).close();
    const raw = new Database(file);
    raw.exec(
      'CREATE TABLE filler (n INTEGER PRIMARY KEY, text TEXT); CREATE INDEX filler_text ON filler(text);',
    );
    const insert = raw.prepare('INSERT INTO filler (text) VALUES (?)');
    raw.transaction(() => {
      for (let n = 0; n < 2000; n++) insert.run(`row ${n} ${'x'.repeat(50)}`);
    })();
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    damagePages(file);
    await expect(openConsoleStore({ file })).rejects.toThrow(
      new RegExp(`The console store ${file} failed SQLite's integrity check`),
    );
  });

  it('opens a healthy store again, keeping its rows', async () => {
    const file = join(tempDir(), 'console.sqlite');
    const first = await openConsoleStore({ file });
    await first.db
      .insertInto('queue_samples')
      .values({ at: 1, size: 3, oldest_sent_at: null })
      .execute();
    await first.close();
    const store = await openConsoleStore({ file });
    expect(await store.db.selectFrom('queue_samples').select('size').execute()).toEqual([
      { size: 3 },
    ]);
    await store.close();
    expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');
  });

  it('says which file is read-only and what to do', async () => {
    const file = join(tempDir(), 'console.sqlite');
    await (await openConsoleStore({ file })).close();
    const readOnly = new Database(file, { readonly: true });
    let caught: unknown;
    try {
      readOnly.exec('CREATE TABLE t (n)');
    } catch (error) {
      caught = error;
    }
    readOnly.close();
    expect(explainStoreError(file, 'console store', caught).message).toBe(
      `The console store ${file} is read-only (SQLITE_READONLY). Give the console's user write access to the file and its directory (SQLite writes -wal and -shm files beside it).`,
    );
  });

  it('says when another program holds the lock', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    expect(explainStoreError('/data/console.sqlite', 'console store', busy).message).toMatch(
      /^The console store \/data\/console.sqlite stayed locked by another program \(SQLITE_BUSY\)\. Stop the other process/,
    );
  });
});

describe('the data directory', () => {
  it('is created when missing', () => {
    const dir = join(tempDir(), 'a', 'b');
    prepareDataDir(dir, 'CONSOLE_DATA_DIR');
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it('names the variable when a file is in the way', () => {
    const file = join(tempDir(), 'taken');
    writeFileSync(file, '');
    expect(() => prepareDataDir(join(file, 'data'), 'CONSOLE_DATA_DIR')).toThrow(
      `CONSOLE_DATA_DIR: ${join(file, 'data')} is a file, not a directory. Point CONSOLE_DATA_DIR at a directory.`,
    );
  });
});

describe('reaching PostgreSQL', () => {
  it('names the setting and the fix when the address answers but is no PostgreSQL server', async () => {
    // A listener that hangs up at once, as a load balancer or another service on that port would.
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(
        openConsoleStore({ url: `postgres://console:s3cret@127.0.0.1:${port}/console` }),
      ).rejects.toThrow(
        new RegExp(
          `PostgreSQL at postgres://console@127\\.0\\.0\\.1:${port}/console .*CONSOLE_DATABASE_URL`,
        ),
      );
    } finally {
      server.close();
    }
  });

  it('names the setting and the fix when the server does not answer in time', () => {
    const problem = explainPostgresError(
      'postgres://console@10.255.255.1:5432/console',
      new Error('timeout exceeded when trying to connect'),
    );
    expect(problem.message).toMatch(/10\.255\.255\.1.*did not answer.*CONSOLE_DATABASE_URL/);
  });
});
