import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startTestPostgres } from './postgres';

// The store's tests on PostgreSQL need a real server on this machine: `npm test` installs Debian's
// package when it can (scripts/test.mjs) and this proves one starts, answers and goes away.
describe('the tests’ PostgreSQL server', () => {
  it('starts on a free port with a database of its own, keeps what is written, and stops', async () => {
    const pg = await startTestPostgres();
    const psql = (sql: string) =>
      execFileSync('psql', [pg.url, '-Atqc', sql], { encoding: 'utf8', stdio: 'pipe' }).trim();
    try {
      expect(Number(psql('SHOW server_version_num'))).toBeGreaterThanOrEqual(130000);
      psql('CREATE TABLE probe (id serial PRIMARY KEY, note text NOT NULL)');
      psql("INSERT INTO probe (note) VALUES ('kept')");
      // A second connection sees the first one's committed row.
      expect(psql('SELECT note FROM probe')).toBe('kept');
    } finally {
      pg.stop();
    }
    expect(() => psql('SELECT 1')).toThrow(/Connection refused|No such file/);
    // initdb and a first start: seconds of disk and CPU, more on a machine busy with other checks.
  }, 30_000);
});
