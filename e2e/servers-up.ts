import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** What `startServers` needs of a server: the fields of Playwright's `webServer` it reads. */
export interface ServerToStart {
  command: string;
  url: string;
  timeout: number;
  env?: Record<string, string>;
  gracefulShutdown: { signal: 'SIGTERM'; timeout: number };
}

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

/** Signals a whole process group (the shell, npx, tsx, node); false once nothing of it is left. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Asks a server's whole group to stop, waits for all of it, and kills what is left after `grace`. */
async function stopGroup(pid: number, { signal, timeout }: ServerToStart['gracefulShutdown']) {
  const deadline = Date.now() + timeout;
  signalGroup(pid, signal);
  while (signalGroup(pid, 0)) {
    if (Date.now() > deadline) {
      signalGroup(pid, 'SIGKILL');
      return;
    }
    await sleep(50);
  }
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function waitUntilUp(server: ServerToStart, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + server.timeout;
  while (!(await answers(server.url))) {
    if (exited(child))
      throw new Error(`${server.url}: its server stopped (${child.exitCode ?? child.signalCode})`);
    if (Date.now() > deadline) throw new Error(`${server.url}: no answer in ${server.timeout} ms`);
    await sleep(200);
  }
}

/**
 * Starts `servers` one after the other, as Playwright would (the same commands, env and readiness
 * test), each in a process group of its own. `up` resolves once each answers, and rejects if one does
 * not come up (those started are then stopped). `stop`, at any time, starts no more and stops those
 * started, newest first: the group's signal, then SIGKILL after its grace.
 */
export function startServers(servers: readonly ServerToStart[]): {
  up: Promise<void>;
  stop: () => Promise<void>;
} {
  const started: { child: ChildProcess; server: ServerToStart }[] = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const { child, server } of [...started].reverse())
      if (child.pid !== undefined) await stopGroup(child.pid, server.gracefulShutdown);
  };
  const up = (async () => {
    for (const server of servers) {
      if (stopping) throw new Error('stopped before every server was up');
      const child = spawn(server.command, {
        shell: true,
        detached: true,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ...server.env },
      });
      started.push({ child, server });
      await waitUntilUp(server, child);
    }
  })().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { up, stop };
}
