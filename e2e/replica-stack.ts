import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startEmulator } from '../server/emulator/start';
import { startTestPostgres } from '../server/proxy/test-support/postgres';
import { startBalancer } from './balancer';
import { addOperators } from './add-operators';
import { canaryKey, e2eEnv, replicaPorts } from './env';

/**
 * The end-to-end stack as a team runs it (E2E_STACK=replicas): two console replicas on one
 * PostgreSQL database behind a round-robin balancer at the console's address, both in front of one
 * chat service (the emulator). Started and stopped as one by Playwright.
 */
rmSync(e2eEnv.dir, { recursive: true, force: true });
mkdirSync(e2eEnv.dataDir, { recursive: true });

const postgres = await startTestPostgres();
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('CREATE DATABASE console');
await admin.end();
const databaseUrl = postgres.url.replace(/\/postgres$/, '/console');

const emulator = await startEmulator({
  port: Number(e2eEnv.serverEnv.EMULATOR_PORT),
  dataDir: join(e2eEnv.dataDir, 'emulator'),
  apiKey: canaryKey,
  reset: true,
  admin: true,
});

await addOperators({ CONSOLE_DATABASE_URL: databaseUrl });

const children: ChildProcess[] = replicaPorts.map((port, index) => {
  const log = openSync(join(e2eEnv.dir, `server-${index + 1}.log`), 'w');
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      ...e2eEnv.serverEnv,
      CONSOLE_PORT: String(port),
      CONSOLE_DATA_DIR: join(e2eEnv.dataDir, `replica-${index + 1}`),
      CONSOLE_DATABASE_URL: databaseUrl,
      CHAT_BASE_URL: emulator.url,
      CHAT_API_KEY: canaryKey,
      // Browsers reach the replicas through the balancer's address.
      CONSOLE_PUBLIC_URL: e2eEnv.consoleUrl,
      CONSOLE_ALLOWED_HOSTS: new URL(e2eEnv.consoleUrl).host,
    },
  });
});

const balancer = await startBalancer({
  port: Number(new URL(e2eEnv.consoleUrl).port),
  backends: replicaPorts,
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  balancer.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await emulator.close();
  postgres.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
for (const child of children) {
  child.once('exit', (code) => {
    if (stopping) return;
    process.stderr.write(
      `a console replica stopped (exit ${code}); see ${e2eEnv.dir}/server-*.log\n`,
    );
    void stop();
  });
}
