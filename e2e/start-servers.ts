import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { startServers } from './servers-up';
import { webServers } from './web-servers';

/**
 * The threads of this lane's servers: every process under this one, and those handed to init since
 * it started at its lowered priority (PostgreSQL's, detached by `pg_ctl`; should the replicas' lane
 * still be starting, its PostgreSQL is raised with them). Another lane's other processes descend
 * from `npm test`, which is older than this one, so they are left alone.
 * Fields of /proc/<pid>/stat after the command: 4 parent, 19 nice, 22 start time.
 */
function threadsOfThisLane(): string[] {
  const processes = new Map<number, { parent: number; nice: string; startedAt: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(entry), {
        parent: Number(fields[1]),
        nice: fields[16] ?? '',
        startedAt: Number(fields[19]),
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  const self = processes.get(process.pid);
  if (!self) return [];
  const since = (pid: number) => (processes.get(pid)?.startedAt ?? 0) >= self.startedAt;
  const ofThisLane = (pid: number): boolean => {
    for (let at = pid; ;) {
      const parent = processes.get(at)?.parent ?? 0;
      if (parent === process.pid) return true;
      if (parent <= 1) return since(at) && processes.get(at)?.nice === self.nice;
      if (!since(parent)) return false;
      at = parent;
    }
  };
  return [...processes.keys()]
    .filter((pid) => pid !== process.pid && ofThisLane(pid))
    .flatMap((pid) => {
      try {
        return readdirSync(`/proc/${pid}/task`);
      } catch {
        return [];
      }
    });
}

/**
 * Starts the stack's web servers (e2e/web-servers.ts), prints `servers up` once each answers, and
 * stops them on SIGTERM or SIGINT. `npm test` runs it at a lower priority beside the static checks,
 * so the servers start on the CPU those leave (decision 0057); once up, every thread of theirs is
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
        execFileSync('renice', ['-n', '0', '-p', ...threadsOfThisLane()], {
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
