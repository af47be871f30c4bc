import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Stack {
  consoleUrl: string;
  emulatorUrl: string;
  apiKey: string;
  operator: { username: string; password: string };
  stop(): Promise<void>;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

/** Starts the real `npm start` program on its own ports and a temp data dir, with one admin operator. */
/** Ports default to 8280/8290; BENCH_CONSOLE_PORT and BENCH_EMULATOR_PORT move them (to run two benches at once). */
export async function startStack(
  ports = {
    console: Number(process.env.BENCH_CONSOLE_PORT ?? 8280),
    emulator: Number(process.env.BENCH_EMULATOR_PORT ?? 8290),
  },
): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const apiKey = 'bench-key';
  const operator = { username: 'bench', password: 'orchard violet thunder' };
  const env = {
    ...process.env,
    CONSOLE_PORT: String(ports.console),
    EMULATOR_PORT: String(ports.emulator),
    CONSOLE_DATA_DIR: dataDir,
    EMULATOR_API_KEY: apiKey,
    EMULATOR_ADMIN: '1',
    LOG_LEVEL: 'warn',
  };
  execFileSync(
    'npx',
    [
      'tsx',
      'server/proxy/operator-cli.ts',
      'add',
      operator.username,
      '--role',
      'admin',
      '--own-password',
    ],
    {
      input: `${operator.password}\n`,
      env,
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['server/main.ts', '--no-build'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const consoleUrl = `http://127.0.0.1:${ports.console}`;
  await waitFor(`${consoleUrl}/auth/me`, 60_000);
  return {
    consoleUrl,
    emulatorUrl: `http://127.0.0.1:${ports.emulator}`,
    apiKey,
    operator,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
