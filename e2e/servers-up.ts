import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { webServers } from './web-servers';

/**
 * Starts the stack's web servers as Playwright would (e2e/web-servers.ts, the same commands, env and
 * readiness checks), says `servers up` once each answers, and stops them on SIGTERM. `npm test` runs
 * it while the static checks leave a core half idle, so the journeys' lanes start on servers that are
 * up (decision 0057). On a failure it stops what it started and exits 1; Playwright then starts the
 * servers itself.
 */
const started: { child: ChildProcess; server: (typeof webServers)[number] }[] = [];

/** Playwright's test of a server that is up: any answer below 404. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.status < 404;
  } catch {
    return false;
  }
}

async function waitUntilUp(url: string, timeout: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await answers(url))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: its server stopped (exit ${child.exitCode ?? child.signalCode})`);
    if (Date.now() > deadline) throw new Error(`${url}: no answer within ${timeout / 1000} s`);
    await sleep(200);
  }
}

/** Each server's whole process group (npx, tsx, node), newest first, as Playwright stops them. */
async function stopAll(): Promise<void> {
  for (const { child, server } of started.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, server.gracefulShutdown.signal);
    const stopped = await Promise.race([exited, sleep(server.gracefulShutdown.timeout, false)]);
    if (stopped === false) process.kill(-child.pid, 'SIGKILL');
  }
}

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  void stopAll().then(() => process.exit(code));
};
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

try {
  for (const server of webServers) {
    const child = spawn(server.command, {
      shell: true,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...server.env },
    });
    started.push({ child, server });
    await waitUntilUp(server.url, server.timeout, child);
  }
  process.stdout.write('servers up\n');
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  stop(1);
}
