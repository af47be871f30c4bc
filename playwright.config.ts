import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2eEnv, e2eShard, e2eStack } from './e2e/env';
import { laneMatch } from './e2e/lanes';
import { webServers } from './e2e/web-servers';

/** The files whose unmarked journeys run on the replica stack instead of the single console. */
const onReplicaStack = ['error-pages', 'filter-validation', 'messages'];

function journeysOf(stack: typeof e2eStack): { grep?: RegExp[]; grepInvert?: RegExp } {
  if (process.env.E2E_JOURNEYS === 'all') return {};
  // Playwright matches these against the file name, the titles and the tags of each journey.
  const files = `\\b(${onReplicaStack.join('|')})\\.spec\\.ts\\b`;
  return stack === 'replicas'
    ? { grep: [/@replicas\b/, new RegExp(files)] }
    : { grepInvert: new RegExp(`^(?!.*@replicas\\b).*${files}`) };
}

/** Debian's headless shell where it is installed (less CPU per journey), else its Chromium. */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: './e2e',
  // Journeys marked `@replicas` in their titles run on both stacks; the others once (decision
  // 0039), on the single console except for the files in `onReplicaStack`, which keep the lanes
  // about as long as each other (decisions 0051 and 0052). E2E_JOURNEYS=all runs every journey on either stack.
  ...journeysOf(e2eStack),
  // `E2E_SHARD` shares a stack's journey files out between runs, each on a stack of its own
  // (e2e/env.ts), by the seconds each file took in the last full run (decision 0055).
  testMatch: e2eShard ? laneMatch(e2eStack, e2eShard) : '**/*.spec.ts',
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  // Operators who ask their system for reduced motion get a theme without transitions
  // (src/app/theme.ts); the journeys browse as one, so no frame is drawn for an animation
  // (decision 0057). Component tests cover both themes.
  use: { baseURL: e2eEnv.consoleUrl, trace: 'off', reducedMotion: 'reduce' },
  projects: [
    {
      name: 'debian-chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: webServers,
});
