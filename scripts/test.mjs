// `npm test`: every check of the project, in order, ending with one line "tests: N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';

const out = '.test-out';
const e2eStacks = [
  { id: 'single', name: 'one console on SQLite' },
  { id: 'replicas', name: 'two replicas on PostgreSQL' },
];
mkdirSync(out, { recursive: true });
const started = Date.now();
const failures = [];

function run(title, command, args, env = {}) {
  const at = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`\n=== [${at}s] ${title}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(title);
  return result.status === 0;
}

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

function ensureChromium() {
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

function ensurePostgres() {
  const dir = ensureDebianPackage(findPostgres, 'postgresql', 'PostgreSQL');
  if (dir) return dir;
  process.stderr.write(
    "\nNo PostgreSQL server found for the store tests. Install Debian's package as root:\n" +
      '  apt-get update && apt-get install -y --no-install-recommends postgresql\n' +
      'or point PG_BINDIR at the directory holding initdb and pg_ctl.\n',
  );
  return undefined;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.app.json']) &&
  run('typecheck (server, tests)', 'npx', ['tsc', '-p', 'tsconfig.node.json']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('formatting (prettier)', 'npx', ['prettier', '--check', '.']);
run('doc references', 'node', ['scripts/check-doc-references.mjs']);
const postgres = ensurePostgres();
if (!postgres) failures.push('postgresql');
run(
  'unit and integration tests (vitest)',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}/vitest.json`,
  ],
  { PG_BINDIR: postgres ?? '' },
);
const built = run('build', 'npx', ['vite', 'build']);
if (built) run('bundle budget', 'node', ['scripts/check-bundle.mjs']);
const chromium = ensureChromium();
if (!chromium) failures.push('chromium');
else if (built) {
  // Every journey twice: on one console with its SQLite store (what `npm start` runs), then on two
  // replicas sharing PostgreSQL behind a round-robin balancer (docs/deploy.md).
  for (const stack of e2eStacks) {
    const title = `end-to-end tests on ${stack.name} (playwright, Debian chromium)`;
    run(title, 'npx', ['playwright', 'test', '--reporter=list,json'], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright-${stack.id}.json`,
      E2E_STACK: stack.id,
      PG_BINDIR: postgres ?? '',
    });
    run(
      `key canary in built assets and ${stack.name}'s logs`,
      'node',
      ['scripts/check-canary.mjs'],
      {
        E2E_STACK: stack.id,
      },
    );
  }
}

const vitest = readJson(`${out}/vitest.json`);
const e2eRuns = e2eStacks.map((stack) => readJson(`${out}/playwright-${stack.id}.json`)?.stats);
const unitPassed = vitest?.numPassedTests ?? 0;
const unitFailed = vitest ? vitest.numFailedTests : 1;
const e2ePassed = e2eRuns.reduce((sum, run) => sum + (run ? run.expected + run.flaky : 0), 0);
const e2eFailed = e2eRuns.reduce(
  (sum, run) => sum + (run ? run.unexpected : chromium && built ? 1 : 0),
  0,
);
const passed = unitPassed + e2ePassed;
// A step that failed without failing a counted test (typecheck, lint, build…) still counts as a failure.
const uncounted = failures.filter(
  (f) => !f.startsWith('unit') && !f.startsWith('end-to-end'),
).length;
const failed = unitFailed + e2eFailed + uncounted;
process.stdout.write(
  `\nunit/integration: ${unitPassed} passed, ${unitFailed} failed; e2e: ${e2ePassed} passed, ${e2eFailed} failed`,
);
if (failures.length) process.stdout.write(`\nfailed steps: ${failures.join(', ')}`);
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
