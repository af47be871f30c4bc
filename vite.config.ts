import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { precompressPlugin } from './server/precompress.ts';

const consoleTarget = `http://127.0.0.1:${process.env.CONSOLE_PORT ?? '8080'}`;

/**
 * `npm run dev`: the console server only answers its own Host and same-origin writes, so the dev
 * server presents calls as coming from the console's origin.
 */
const devProxy = {
  target: consoleTarget,
  changeOrigin: true,
  headers: { origin: consoleTarget },
};

/**
 * The files that take longest, mostly waiting (upstream timeouts, child processes killed and
 * restarted, a second PostgreSQL server) or running many short tests.
 */
const longTests = [
  'server/proxy/api/faults.test.ts',
  'server/emulator/crash.test.ts',
  'server/proxy/api/canary.test.ts',
  'server/proxy/test-support/postgres.test.ts',
  'server/proxy/store-outage.test.ts',
  'server/proxy/audit/crash.test.ts',
  'server/proxy/console/route-roles.test.ts',
  // One line each, so last by size, but as long as the files they run again.
  'server/proxy/auth/auth.postgres.test.ts',
  'server/proxy/console/route-roles.postgres.test.ts',
];

/**
 * Vitest starts the files that took longest in an earlier run first, but a fresh clone has no such
 * record and starts the largest files first, which leaves these small ones to end the run alone.
 * This starts them first in their project; everything else keeps Vitest's order.
 */
class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (spec: TestSpecification) =>
      longTests.some((path) => spec.moduleId.endsWith(`/${path}`));
    // Projects keep Vitest's order: it runs them one after the other.
    const projects = [...new Set(sorted.map((spec) => spec.project))];
    return projects.flatMap((project) => {
      const own = sorted.filter((spec) => spec.project === project);
      return [...own.filter(isLong), ...own.filter((spec) => !isLong(spec))];
    });
  }
}

export default defineConfig({
  // Brotli and gzip copies of the built text files, sent as they are (server/precompress.ts).
  plugins: [react(), precompressPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': devProxy,
      '/auth': devProxy,
      '/console': devProxy,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Everything the first load needs in one file: one request instead of a dozen, and gzip sees it whole,
    // so it compresses better than the pieces did. Pages keep their own lazy chunks.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
    // That one file is over Vite's generic 500 kB (raw) warning by design; its real budget is gzip
    // size, enforced by scripts/check-bundle.mjs in `npm test` (decision 0004), so the warning starts
    // above the raw size that budget allows.
    chunkSizeWarningLimit: 700,
    // No `<link rel=modulepreload>` per chunk a lazy page imports: the queue's route adds 87, in one
    // task, and Chromium took 26–35 ms of it to insert them, which made the page start in a long
    // task. The browser finds the chunks as it loads the page's modules (decision 0064).
    modulePreload: false,
  },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, while
    // the main process sits mostly idle once the files are collected. The component tests keep both
    // cores busy with two workers; the server tests, which wait on sockets, child processes and
    // PostgreSQL about half of the time, run after them with three (decision 0021).
    maxWorkers: 2,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'src/**/*.test.ts',
            'bench/**/*.test.ts',
            'e2e/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['./src/testing/setup-node.ts'],
          // The PostgreSQL server of the `*.postgres.test.ts` files (decisions 0019 and 0022).
          globalSetup: ['./server/proxy/test-support/postgres-setup.ts'],
          // Each test builds its own apps and stores; importing zod, Hono and the servers once per
          // worker instead of once per file halves the project's time.
          isolate: false,
          // After the component tests (group 0), three files at a time (decision 0021).
          maxWorkers: 3,
          // A time limit is there to catch a test that hangs, not one that waits its turn for a core
          // on a busy machine (decision 0055).
          testTimeout: 30_000,
          hookTimeout: 30_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/testing/setup-dom.ts'],
          // Every file renders the app: React, MUI, jsdom and the pages are imported once per worker
          // instead of once per file. Each test still gets its own emulator, console
          // server, query client and style sheet, and the document is emptied after it (src/testing).
          isolate: false,
        },
      },
    ],
  },
});
