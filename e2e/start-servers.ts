import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { startServers } from './servers-up';
import { webServers } from './web-servers';

/**
 * The threads of every process started since this one at its lowered priority: the servers, their
 * workers, and PostgreSQL's, which `pg_ctl` detaches from this process's tree (and another lane's,
 * which then finishes starting at normal priority). Fields of /proc/<pid>/stat after the command:
 * 19 nice, 22 start time.
 */
function threadsStartedSinceAtLowPriority(): string[] {
  const fields = (pid: string | number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  const own = fields(process.pid);
  const [nice, startedAt] = [own[16], Number(own[19])];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .flatMap((pid) => {
      try {
        const f = fields(pid);
        if (f[16] !== nice || Number(f[19]) < startedAt) return [];
        return readdirSync(`/proc/${pid}/task`);
      } catch {
        return []; // The process ended meanwhile.
      }
    });
}

/**
 * Starts the stack's web servers (e2e/web-servers.ts), prints `servers up` once each answers, and
 * stops them on SIGTERM or SIGINT. `npm test` runs it at a lower priority beside the static checks,
 * so the servers start on the CPU those leave (decision 0057); once up, every thread started since is
 * put back to normal priority where the system allows it, to serve the journeys like any server (a
 * thread's priority is its own on Linux). If one does not come up it exits 1, and Playwright starts
 * the servers itself.
 */
const { up, stop } = startServers(webServers);
const end = (code: number) => void stop().then(() => process.exit(code));
process.once('SIGTERM', () => end(0));
process.once('SIGINT', () => end(0));
up.then(
  () => {
    if (getPriority() > 0) {
      try {
        execFileSync('renice', ['-n', '0', '-p', ...threadsStartedSinceAtLowPriority()], {
          stdio: 'ignore',
        });
      } catch {
        // Only a privileged user may raise a priority again; the servers then keep the lower one.
      }
    }
    process.stdout.write('servers up\n');
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    end(1);
  },
);
