// `npm test`: every check of the project, ending with one line "tests: N passed, M failed".
// The build and the static checks run side by side, and the journeys' servers start once the build
// is done; then Vitest alone (its component tests need both cores), then the journeys in three lanes
// at once (decisions 0039, 0051, 0052 and 0057).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { ensureChromium, ensurePostgres } from './test-prerequisites.mjs';
import { runStep, steps } from './test-steps.mjs';
import { writeTestTimes } from './test-times.mjs';

const out = '.test-out';
// Three lanes, each a stack of its own: the single console's journeys in two halves (E2E_SHARD),
// and the replicas (decision 0052).
const e2eStacks = [
  { id: 'single-1', stack: 'single', shard: '1/2', name: 'one console on SQLite, first half' },
  { id: 'single-2', stack: 'single', shard: '2/2', name: 'one console on SQLite, second half' },
  { id: 'replicas', stack: 'replicas', name: 'two replicas on PostgreSQL' },
];
mkdirSync(out, { recursive: true });
const failures = [];
const step = async (title, command, args, options) => {
  const ok = await runStep(title, command, args, options);
  if (!ok) failures.push(title);
  return ok;
};

const postgres = ensurePostgres();
if (!postgres) failures.push('postgresql');
const chromium = ensureChromium();
if (!chromium) failures.push('chromium');

function stackEnv(stack) {
  return {
    E2E_STACK: stack.stack,
    E2E_SHARD: stack.shard ?? '',
    CHROMIUM_PATH: chromium,
    PG_BINDIR: postgres ?? '',
  };
}

/**
 * Starts a lane's servers (e2e/start-servers.ts) beside the static checks, on the CPU they leave. `up`
 * says whether they all answer; `stop` stops them once the lane's journeys are done. Servers that did
 * not come up are started by Playwright as usual.
 */
function startServers(stack) {
  const command = [process.execPath, '--import', 'tsx', 'e2e/start-servers.ts'];
  // Lower priority while the static checks run, where the system lets it be raised again once up.
  const niced = process.getuid?.() === 0;
  const [file, ...args] = niced ? ['nice', '-n', '10', ...command] : command;
  const child = spawn(file, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...stackEnv(stack) },
  });
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.stderr.on('data', (chunk) => process.stdout.write(`[${stack.id}] ${chunk}`));
  const up = new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('servers up')) resolve(true);
    });
    void closed.then(() => resolve(false));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await closed;
  };
  return { up, stop };
}

const servers = new Map();
const [built] = await Promise.all([
  step('build', 'npx', ['vite', 'build', '--logLevel=warn'], { prefix: 'build' }).then((ok) => {
    if (ok && chromium) for (const stack of e2eStacks) servers.set(stack.id, startServers(stack));
    return ok;
  }),
  // One TypeScript program for the type check and the type-aware lint rules.
  step('typecheck and lint', 'node', ['scripts/check-types-and-lint.mjs'], { prefix: 'types' }),
  step('formatting (prettier)', 'npx', ['prettier', '--check', '.', '--log-level=warn'], {
    prefix: 'prettier',
  }),
  step('doc references', 'node', ['scripts/check-doc-references.mjs'], { prefix: 'docs' }),
]);
if (built) await step('bundle budget', 'node', ['scripts/check-bundle.mjs']);

await step(
  'unit and integration tests (vitest)',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}/vitest.json`,
  ],
  { env: { PG_BINDIR: postgres ?? '' } },
);

async function journeys(stack) {
  const env = stackEnv(stack);
  const up = await servers.get(stack.id)?.up;
  await step(
    `end-to-end tests on ${stack.name}`,
    'npx',
    ['playwright', 'test', '--reporter=list,json', `--output=test-results/${stack.id}`],
    {
      env: {
        ...env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright-${stack.id}.json`,
        E2E_SERVERS_UP: up ? '1' : '',
      },
      prefix: stack.id,
    },
  );
  // The servers' logs are complete once they have stopped.
  await servers.get(stack.id)?.stop();
  await step(
    `key canary in built assets and ${stack.name}'s logs`,
    'node',
    ['scripts/check-canary.mjs'],
    { env, prefix: stack.id },
  );
}

// Each stack on its own ports and data dir (e2e/env.ts), so both run at once.
if (chromium && built) await Promise.all(e2eStacks.map(journeys));

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const vitest = readJson(`${out}/vitest.json`);
const e2eRuns = e2eStacks.map((stack) => ({
  stack,
  report: readJson(`${out}/playwright-${stack.id}.json`),
}));
const unitPassed = vitest?.numPassedTests ?? 0;
const unitFailed = vitest ? vitest.numFailedTests : 1;
const stats = e2eRuns.map(({ report }) => report?.stats);
const e2ePassed = stats.reduce((sum, s) => sum + (s ? s.expected + s.flaky : 0), 0);
const e2eFailed = stats.reduce((sum, s) => sum + (s ? s.unexpected : chromium && built ? 1 : 0), 0);
const passed = unitPassed + e2ePassed;
// A step that failed without failing a counted test (typecheck, lint, build…) still counts as a failure.
const uncounted = failures.filter(
  (f) => !f.startsWith('unit') && !f.startsWith('end-to-end'),
).length;
const failed = unitFailed + e2eFailed + uncounted;
writeTestTimes({ steps, vitest, e2eRuns, result: `${passed} passed, ${failed} failed` });
process.stdout.write(
  `\nunit/integration: ${unitPassed} passed, ${unitFailed} failed; e2e: ${e2ePassed} passed, ${e2eFailed} failed`,
);
if (failures.length) process.stdout.write(`\nfailed steps: ${failures.join(', ')}`);
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
