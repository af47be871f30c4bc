import { addOperator } from '../auth/operators';
import { testHashCost } from '../test-support/hash-cost';
import { createLogger } from '../http/logger';
import { startConsole } from '../start';

/**
 * Child process of the audit crash test: a real console on a free port over the given data dir, in
 * front of the given upstream, with one admin `ops`. Prints `READY <url>` once it listens. It is
 * killed with SIGKILL, never stopped politely.
 */
const [dataDir, baseUrl, password] = process.argv.slice(2);
if (!dataDir || !baseUrl || !password) {
  process.stderr.write('usage: crash-child <dataDir> <upstream base URL> <password>\n');
  process.exit(2);
}
startConsole({
  port: 0,
  dataDir,
  upstream: { baseUrl, apiKey: 'crash-test-key' },
  logger: createLogger({ level: 'silent' }),
  testHooks: { passwordHashCost: testHashCost },
  rateLimit: { perSecond: 10_000, burst: 10_000 },
})
  .then(async (running) => {
    await addOperator(
      running.store,
      { username: 'ops', role: 'admin', password },
      { hashCost: testHashCost },
    );
    process.stdout.write(`READY ${running.url}\n`);
  })
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
