// What `npm test` needs besides node_modules: Debian's Chromium and PostgreSQL server binaries.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((path) => path && existsSync(path));
}

/** Installs a Debian package when `find` finds nothing and this is root with apt; what `find` finds then. */
function ensureDebianPackage(find, pkg, what) {
  let found = find();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    process.stdout.write(`${what} not found: installing Debian's ${pkg} package…\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
      stdio: 'inherit',
      env,
    });
    found = find();
  }
  return found;
}

export function ensureChromium() {
  const path = ensureDebianPackage(findChromium, 'chromium', 'Chromium');
  if (path) return path;
  process.stderr.write(
    "\nNo Chromium found for the end-to-end tests. Install Debian's package as root:\n" +
      '  apt-get update && apt-get install -y --no-install-recommends chromium\n' +
      'or point CHROMIUM_PATH at a Chromium binary. (Never `npx playwright install`: it downloads.)\n',
  );
  return undefined;
}

/** The PostgreSQL server binaries the store tests start a server from (server/proxy/test-support/postgres.ts). */
function findPostgres() {
  const candidates = [process.env.PG_BINDIR];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(`${debian}/${version}/bin`);
    }
  }
  return candidates.find((dir) => dir && existsSync(`${dir}/initdb`));
}

export function ensurePostgres() {
  const dir = ensureDebianPackage(findPostgres, 'postgresql', 'PostgreSQL');
  if (dir) return dir;
  process.stderr.write(
    "\nNo PostgreSQL server found for the store tests. Install Debian's package as root:\n" +
      '  apt-get update && apt-get install -y --no-install-recommends postgresql\n' +
      'or point PG_BINDIR at the directory holding initdb and pg_ctl.\n',
  );
  return undefined;
}
