import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  addOperator,
  listOperators,
  OperatorError,
  removeOperator,
  resetPassword,
  setOperatorRole,
} from './auth/operators';
import { openConsoleStore, type StoreLocation } from './store/store';

const usage = `Usage: npm run operator -- <command>
  list                          list operators and their roles
  add NAME --role ROLE          add an operator (admin, moderator or support); password from stdin
  set-role NAME ROLE            change an operator's role
  reset-password NAME           set a new password (from stdin) and end the operator's sessions
  remove NAME                   remove an operator
A password given to add or reset-password is initial: the operator must choose their own at the
next sign-in. Add --own-password when it already is theirs (they typed it themselves).
Passwords: at least 12 characters, not one of the 10,000 most common, not containing the name.
Uses the console's store as the server does: the PostgreSQL database of $CONSOLE_DATABASE_URL
(or of the URL in the file $CONSOLE_DATABASE_URL_FILE) when set, else console.sqlite in
$CONSOLE_DATA_DIR (default ./data).`;

export interface CliIo {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  /** The scrypt cost of the passwords it sets; production's (2^17) unless a test names a cheaper one. */
  hashCost?: number;
}

/** Reads a password: hidden keystrokes on a terminal, the first line when piped. */
async function readPassword(io: CliIo, prompt: string): Promise<string> {
  const { stdin } = io;
  if (stdin.isTTY && stdin.setRawMode) {
    const setRawMode = stdin.setRawMode.bind(stdin);
    io.stderr.write(prompt);
    setRawMode(true);
    stdin.setEncoding('utf8');
    try {
      return await new Promise<string>((resolve, reject) => {
        let value = '';
        const onData = (chunk: unknown) => {
          for (const ch of String(chunk)) {
            if (ch === '\r' || ch === '\n') return done(() => resolve(value));
            if (ch === '\u0003') return done(() => reject(new Error('Cancelled.')));
            if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
            else if (ch >= ' ') value += ch;
          }
        };
        const done = (finish: () => void) => {
          stdin.off('data', onData);
          finish();
        };
        stdin.on('data', onData);
        stdin.resume();
      });
    } finally {
      setRawMode(false);
      stdin.pause();
      io.stderr.write('\n');
    }
  }
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text.split(/\r?\n/, 1)[0] ?? '';
}

async function askNewPassword(io: CliIo): Promise<string> {
  const first = await readPassword(io, 'Password (at least 12 characters): ');
  if (io.stdin.isTTY) {
    const again = await readPassword(io, 'Repeat the password: ');
    if (again !== first) throw new OperatorError('INVALID', 'The two passwords differ.');
  }
  return first;
}

/** The store this environment's server uses: the PostgreSQL URL if given, else the SQLite file. */
function storeLocation(env: NodeJS.ProcessEnv): StoreLocation {
  const file = env.CONSOLE_DATABASE_URL_FILE;
  // Like the server, never echoes the file's content: the URL usually holds the password.
  const url = env.CONSOLE_DATABASE_URL ?? (file ? readFileSync(file, 'utf8').trim() : undefined);
  if (url) return { url };
  const dataDir = env.CONSOLE_DATA_DIR ?? './data';
  mkdirSync(dataDir, { recursive: true });
  return { file: join(dataDir, 'console.sqlite') };
}

/** Runs one operator command; returns the process exit code. */
export async function runOperatorCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  const initialPassword = !args.includes('--own-password');
  const rest = args.filter((arg) => arg !== '--own-password');
  const say = (line: string) => io.stdout.write(`${line}\n`);
  if (!command || command === '--help' || command === 'help') {
    say(usage);
    return command ? 0 : 2;
  }
  const store = await openConsoleStore(storeLocation(io.env));
  try {
    const name = rest[0];
    if (command === 'list') {
      for (const o of await listOperators(store)) {
        const lastSignIn =
          o.lastSignInAt === null ? 'never' : new Date(o.lastSignInAt).toISOString();
        const state = o.mustChangePassword ? '\tinitial password' : '';
        say(
          `${o.username}\t${o.role}\t${new Date(o.createdAt).toISOString()}\tlast sign-in ${lastSignIn}${state}`,
        );
      }
      return 0;
    }
    if (!name) throw new OperatorError('INVALID', `"${command}" needs an operator name.\n${usage}`);
    if (command === 'add') {
      const roleAt = rest.indexOf('--role');
      const role = roleAt === -1 ? undefined : rest[roleAt + 1];
      if (!role) throw new OperatorError('INVALID', 'Give a role: --role admin|moderator|support');
      const created = await addOperator(
        store,
        { username: name, role, password: await askNewPassword(io) },
        { initialPassword, hashCost: io.hashCost },
      );
      say(
        `Added ${created.username} (${created.role}).${initialPassword ? ' They will choose their own password at their first sign-in.' : ''}`,
      );
    } else if (command === 'set-role') {
      const updated = await setOperatorRole(store, name, rest[1] ?? '');
      say(`${updated.username} is now ${updated.role}.`);
    } else if (command === 'reset-password') {
      await resetPassword(store, name, await askNewPassword(io), {
        initialPassword,
        hashCost: io.hashCost,
      });
      say(
        `Password of ${name.toLowerCase()} reset; their sessions have ended.${initialPassword ? ' They will choose their own at their next sign-in.' : ''}`,
      );
    } else if (command === 'remove') {
      await removeOperator(store, name);
      say(`Removed ${name.toLowerCase()}.`);
    } else {
      io.stderr.write(`Unknown command "${command}".\n${usage}\n`);
      return 2;
    }
    return 0;
  } catch (error) {
    if (
      !(error instanceof OperatorError) &&
      !(error instanceof Error && error.message === 'Cancelled.')
    )
      throw error;
    io.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runOperatorCli(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
