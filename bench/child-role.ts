import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * The bench's servers (origins, the console, the proxy anchors) each run as a child process, so the
 * load generator has its own core. A bench file runs itself with `--role=NAME`; the role prints
 * `{"url": ...}` on one line once it listens (`reportListening`) and ends on SIGTERM.
 */
export interface Role {
  child: ChildProcess;
  url: string;
}

/** The value of `--name=value` among this process's arguments. */
export function roleArgument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

/** Told by a role once it listens: the line `spawnRole` waits for. */
export function reportListening(url: string): void {
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

/** Runs `file` (a TypeScript bench file) with `args` in its own process and waits until it listens. */
export async function spawnRole(file: string, args: string[]): Promise<Role> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    // The IPC channel lets the load generator ask a role for its CPU time.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  if (!child.stdout) throw new Error('bench child has no stdout');
  // A child that fails before listening ends its output, and with it the wait below.
  child.once('exit', () => child.stdout?.destroy());
  for await (const line of createInterface({ input: child.stdout })) {
    const parsed: unknown = JSON.parse(line);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'url' in parsed &&
      typeof parsed.url === 'string'
    )
      return { child, url: parsed.url };
  }
  throw new Error(`bench ${args.join(' ')} exited before listening`);
}

/** Ends the roles one after the other with SIGTERM, each waited for. */
export async function stopRoles(...roles: Role[]): Promise<void> {
  for (const { child } of roles) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
