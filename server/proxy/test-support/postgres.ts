import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A PostgreSQL server of the tests' own: a temporary data directory, a free loopback port, trust auth. */
export interface TestPostgres {
  /** `postgres://console@127.0.0.1:PORT/postgres` */
  url: string;
  /** Restarts the server: `fast` ends sessions cleanly, `immediate` as a crash would. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  stop(): void;
}

/** The server binaries: `PG_BINDIR`, else the newest Debian `postgresql-NN` package. */
export function findPostgresBinaries(): string | undefined {
  const candidates = [process.env.PG_BINDIR];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  return candidates.find((dir) => dir !== undefined && existsSync(join(dir, 'initdb')));
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const runFile = promisify(execFile);

export const noPostgresMessage =
  "No PostgreSQL server found. Install Debian's package as root (apt-get install -y postgresql) or set PG_BINDIR to the directory holding initdb and pg_ctl.";

/**
 * Starts PostgreSQL for a test run, on `port` or a free one, without blocking the event loop. The
 * server refuses to run as root, so as root it runs as the `postgres` system user (Debian's package
 * creates it) on a directory handed to that user.
 */
export async function startTestPostgres(
  opts: {
    port?: number;
    /** Commits survive an immediate restart (`synchronous_commit` on), as in production. */
    durable?: boolean;
  } = {},
): Promise<TestPostgres> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error(noPostgresMessage);
  const dir = mkdtempSync(join(tmpdir(), 'console-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = async (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    await runFile(file, argv);
  };
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const data = join(dir, 'data');
  await run('initdb', ['-D', data, '-U', 'console', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = opts.port ?? (await freePort());
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    opts.durable ? '' : '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  await run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://console@127.0.0.1:${port}/postgres`,
    restart: (mode) =>
      run('pg_ctl', [
        '-D',
        data,
        '-m',
        mode,
        '-o',
        options,
        '-l',
        join(dir, 'server.log'),
        '-w',
        'restart',
      ]),
    stop() {
      if (stopped) return;
      stopped = true;
      const [file, argv] = asRoot
        ? [
            'runuser',
            ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop'],
          ]
        : [join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']];
      spawnSync(file, argv, { stdio: 'ignore' });
      // A run leaves hundreds of databases: removing their files takes seconds, so it goes on after
      // the tests have ended.
      spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
    },
  };
}
