// What `npm test` needs besides node_modules: Debian's Chromium (its headless shell where there is
// one) and PostgreSQL server binaries.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** Debian's headless Chromium: the same engine without the desktop browser, at less CPU per journey. */
const headlessShell = '/usr/bin/chromium-headless-shell';

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    headlessShell,
    '/usr/bin/chromium',
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((path) => path && existsSync(path));
}

/**
 * What `find` finds; when it finds nothing and this is root with apt, Debian's `pkg` is installed
 * first. Still nothing: says how to install it or where to point instead, and returns undefined.
 */
function ensureDebianPackage({ find, pkg, what, neededFor, orElse }) {
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
  if (found) return found;
  process.stderr.write(
    `\nNo ${what} found for ${neededFor}. Install Debian's package as root:\n` +
      `  apt-get update && apt-get install -y --no-install-recommends ${pkg}\n` +
      `or ${orElse}\n`,
  );
  return undefined;
}

export const ensureChromium = () =>
  ensureDebianPackage({
    find: findChromium,
    pkg: 'chromium-headless-shell',
    what: 'Chromium',
    neededFor: 'the end-to-end tests',
    orElse:
      "install Debian's chromium, or point CHROMIUM_PATH at a Chromium binary. " +
      '(Never `npx playwright install`: it downloads.)',
  });

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

export const ensurePostgres = () =>
  ensureDebianPackage({
    find: findPostgres,
    pkg: 'postgresql',
    what: 'PostgreSQL server',
    neededFor: 'the store tests',
    orElse: 'point PG_BINDIR at the directory holding initdb and pg_ctl.',
  });
