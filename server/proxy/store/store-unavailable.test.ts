import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, testPassword, type Harness } from '../test-support/harness';
import { isStoreUnavailable } from './store-unavailable';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

/** Caps the SQLite file at its size and fills the sign-in table's pages: a full disk. */
async function fillDisk() {
  const raw = h.store.sqlite;
  if (!raw) throw new Error('SQLite only');
  raw.pragma(`max_page_count = ${Number(raw.pragma('page_count', { simple: true }))}`);
  for (;;) {
    try {
      await sql`INSERT INTO login_failures (scope, subject, at) VALUES ('account', 'x', ${h.clock.now})`.execute(
        h.store.db,
      );
    } catch {
      return;
    }
  }
}

describe('a store that cannot be written (SQLite, full disk)', () => {
  it('refuses sign-in with 503 CONSOLE_STORE_UNAVAILABLE, saying nothing was done', async () => {
    await fillDisk();
    const res = await h.call('POST', '/auth/login', {
      body: { username: 'admin', password: testPassword },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: { code: 'CONSOLE_STORE_UNAVAILABLE', details: { outcome: 'failed' } },
    });
    expect(res.headers.get('retry-after')).toBe('2');
  });
});

describe('isStoreUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('knows connection, restart and disk failures from mistakes in a query', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      withCode('SQLITE_FULL'),
      withCode('SQLITE_IOERR_WRITE'),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
    ]) {
      expect({ error: error.message, unavailable: isStoreUnavailable(error) }).toEqual({
        error: error.message,
        unavailable: true,
      });
    }
    for (const error of [withCode('42P01'), withCode('23505'), new Error('boom'), 'text']) {
      expect(isStoreUnavailable(error)).toBe(false);
    }
  });
});
