import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOperatorCli } from './operator-cli';
import { findOperator } from './auth/operators';
import { verifyPassword } from './auth/passwords';
import { openConsoleStore } from './store/store';
import { testHashCost } from './test-support/hash-cost';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'console-cli-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the CLI with cheap hashing unless `hashCost` is `'production'`. */
async function run(
  args: string[],
  stdinText = '',
  env: NodeJS.ProcessEnv = {},
  hashCost: number | 'production' = testHashCost,
) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runOperatorCli(args, {
    stdin: Readable.from([stdinText]),
    stdout,
    stderr,
    env: { CONSOLE_DATA_DIR: dataDir, ...env },
    hashCost: hashCost === 'production' ? undefined : hashCost,
  });
  return { code, out, err };
}

const stored = async (username: string) => {
  const store = await openConsoleStore({ file: join(dataDir, 'console.sqlite') });
  try {
    return await findOperator(store, username);
  } finally {
    await store.close();
  }
};

describe('npm run operator', () => {
  it('adds an operator with a password read from piped stdin', async () => {
    const result = await run(
      ['add', 'Dana', '--role', 'moderator'],
      'a piped passphrase\n',
      {},
      'production',
    );
    expect(result).toMatchObject({
      code: 0,
      out: 'Added dana (moderator). They will choose their own password at their first sign-in.\n',
    });
    const dana = await stored('dana');
    expect(dana?.role).toBe('moderator');
    expect(dana?.mustChangePassword).toBe(true);
    // Without a test's cost, the CLI hashes as the console does: scrypt N = 2^17, r = 8, p = 1.
    expect(dana?.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('a piped passphrase', dana?.passwordHash)).toBe(true);
    expect((await run(['list'])).out).toMatch(
      /^dana\tmoderator\t\d{4}-.*\tlast sign-in never\tinitial password\n$/,
    );
  });

  it('changes roles, resets passwords and removes, refusing to drop the last admin', async () => {
    await run(['add', 'root', '--role', 'admin'], 'first passphrase!!\n');
    await run(['add', 'eve', '--role', 'support'], 'second passphrase!\n');
    expect((await run(['set-role', 'eve', 'admin'])).out).toBe('eve is now admin.\n');
    const reset = await run(['reset-password', 'eve', '--own-password'], 'third passphrase!!\n');
    expect(reset.out).toBe('Password of eve reset; their sessions have ended.\n');
    const eve = await stored('eve');
    expect(await verifyPassword('third passphrase!!', eve?.passwordHash)).toBe(true);
    expect(eve?.mustChangePassword).toBe(false);
    expect((await run(['remove', 'eve'])).code).toBe(0);
    const last = await run(['remove', 'root']);
    expect(last).toMatchObject({ code: 1, err: 'The last admin cannot be removed.\n' });
    expect((await stored('root'))?.role).toBe('admin');
  });

  it('refuses short, common and name-bearing passwords, saying why, and adds nobody', async () => {
    const cases: [string, string][] = [
      ['short\n', 'Invalid password: At least 12 characters\n'],
      [
        'PasswordPassword\n',
        'Invalid password: This is one of the 10,000 most common passwords; choose another\n',
      ],
      ['my name is dana-k, ok\n', 'Invalid password: The password must not contain the username\n'],
    ];
    for (const [input, err] of cases) {
      expect(await run(['add', 'dana-k', '--role', 'admin'], input)).toMatchObject({
        code: 1,
        err,
      });
    }
    expect(await stored('dana-k')).toBeUndefined();
  });

  it("keeps a password given with --own-password as the operator's own", async () => {
    const result = await run(
      ['add', 'own', '--role', 'support', '--own-password'],
      'typed by themselves\n',
    );
    expect(result).toMatchObject({ code: 0, out: 'Added own (support).\n' });
    expect((await stored('own'))?.mustChangePassword).toBe(false);
  });

  it('explains bad input with a non-zero exit', async () => {
    expect(await run(['add', 'x', '--role', 'admin'], 'short\n')).toMatchObject({ code: 1 });
    expect((await run(['add', 'fred'], 'a long passphrase!\n')).err).toContain('--role');
    expect((await run(['set-role', 'nobody', 'admin'])).err).toBe('No operator named "nobody".\n');
    expect((await run(['frobnicate', 'x'])).code).toBe(2);
    expect((await run([])).out).toContain('Usage: npm run operator');
  });

  it('uses the PostgreSQL store of CONSOLE_DATABASE_URL (or _FILE), never printing its password', async () => {
    const url = 'postgres://console:pg-s3cret@127.0.0.1:1/console';
    const failure = async (env: NodeJS.ProcessEnv) =>
      String(await run(['list'], '', env).catch((error: unknown) => error));
    const file = join(dataDir, 'database-url');
    writeFileSync(file, `${url}\n`);
    for (const env of [{ CONSOLE_DATABASE_URL: url }, { CONSOLE_DATABASE_URL_FILE: file }]) {
      const message = await failure(env);
      expect(message).toContain(
        'Cannot reach PostgreSQL at postgres://console@127.0.0.1:1/console',
      );
      expect(message).not.toContain('pg-s3cret');
    }
    expect(existsSync(join(dataDir, 'console.sqlite'))).toBe(false);
  });
});
