import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, Pool } from 'undici';
import { addOperator } from '../server/proxy/auth/operators';
import { createLogger } from '../server/proxy/http/logger';
import { startConsole } from '../server/proxy/start';
import { reportListening, roleArgument, spawnRole, stopRoles } from './child-role';
import { percentile, renderTable, type BenchRow } from './report';

const apiKey = 'i'.repeat(40);
const operators = {
  a: { username: 'flooder', password: 'copper kettle whistling' },
  b: { username: 'bystander', password: 'meadow lantern sleeping' },
};
const samples = { warmup: 30, measured: 200 };
// Operator A keeps 20 calls going, each answered one byte every 2 s for 10 s (the measured defect).
const flood = { calls: 20, byteEveryMs: 2_000, bytes: 5 };
/** B's measurement under load stops here even if fewer samples were taken (the ungated console). */
const loadedBudgetMs = 40_000;

async function serveOrigin(): Promise<void> {
  const server = createServer((req, res) => {
    res.writeHead(req.headers.apikey === apiKey ? 200 : 401, {
      'content-type': 'application/json',
    });
    if (!req.url?.startsWith('/v3/messages')) {
      res.end(
        '{"data":[{"uid":"u1","name":"User 1"}],"meta":{"pagination":{"total":1,"count":1,"per_page":100,"current_page":1,"total_pages":1}}}',
      );
      return;
    }
    res.write('{"data":"');
    let sent = 0;
    const timer = setInterval(() => {
      if (++sent < flood.bytes) res.write('x');
      else res.end('x"}');
    }, flood.byteEveryMs);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  reportListening(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

async function serveConsole(originUrl: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-isolation-bench-'));
  const running = await startConsole({
    port: 0,
    dataDir,
    upstream: { baseUrl: `${originUrl}/v3`, apiKey },
    logger: createLogger({ level: 'info', destination: '/dev/null' }),
    // The per-session rate limit is not what is measured here.
    rateLimit: { perSecond: 1e9, burst: 1e9 },
  });
  for (const who of Object.values(operators))
    await addOperator(running.store, { ...who, role: 'support' });
  process.on('SIGTERM', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  reportListening(running.url);
}

async function signIn(url: string, who: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${who.username} failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
}

/**
 * B's sequential reads on one connection: milliseconds each (whatever the answer), until `count` or
 * the budget runs out, and how many were not answered 200.
 */
async function latencies(url: string, cookie: string, opts: { warmup: number; budgetMs?: number }) {
  const client = new Client(url);
  const times: number[] = [];
  let failed = 0;
  const stopAt = Date.now() + (opts.budgetMs ?? Infinity);
  for (let i = 0; i < opts.warmup + samples.measured && Date.now() < stopAt; i++) {
    const started = process.hrtime.bigint();
    const res = await client.request({ path: '/api/users', method: 'GET', headers: { cookie } });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) failed++;
    if (i >= opts.warmup) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  await client.close();
  return { times, failed };
}

/** A's slow calls, `flood.calls` at a time, each sent again when it ends; a refusal waits its Retry-After. */
function startFlood(url: string, cookie: string) {
  const pool = new Pool(url, { connections: flood.calls });
  const counts = { open: 0, answered: 0, refused: 0, failed: 0 };
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      counts.open++;
      try {
        const res = await pool.request({
          path: '/api/messages',
          method: 'GET',
          headers: { cookie },
        });
        await res.body.arrayBuffer();
        if (res.statusCode === 200) counts.answered++;
        else counts.refused++;
        if (res.statusCode === 429 || res.statusCode === 503)
          await new Promise((resolve) => setTimeout(resolve, 1_000));
      } catch {
        counts.failed++;
      } finally {
        counts.open--;
      }
    }
  };
  const workers = Array.from({ length: flood.calls }, worker);
  return {
    counts,
    async stop() {
      stopped = true;
      await pool.destroy();
      await Promise.all(workers);
    },
  };
}

/** Operator B's p50 alone and while operator A floods the console with slow calls; the ratio is the figure. */
export async function isolationBenchRows(): Promise<BenchRow[]> {
  const self = fileURLToPath(import.meta.url);
  const origin = await spawnRole(self, ['--role=origin']);
  const server = await spawnRole(self, ['--role=console', `--origin=${origin.url}`]);
  try {
    const [cookieA, cookieB] = [
      await signIn(server.url, operators.a),
      await signIn(server.url, operators.b),
    ];
    const quiet = await latencies(server.url, cookieB, { warmup: samples.warmup });
    const alone = percentile(quiet.times, 50);
    const flooding = startFlood(server.url, cookieA);
    // Let A's calls take their places (in flight, queued, refused) before B measures.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // B's connection is warm by now: every read under load counts.
    const busy = await latencies(server.url, cookieB, { warmup: 0, budgetMs: loadedBudgetMs });
    const a = { ...flooding.counts };
    await flooding.stop();
    const loaded = percentile(busy.times, 50);
    const ratio = loaded / alone;
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`;
    process.stdout.write(
      `Operator B p50: alone ${alone.toFixed(2)} ms, under A's flood ${loaded.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 2×)\n`,
    );
    return [
      {
        measure: `Operator B's read while operator A keeps ${flood.calls} slow calls going (a byte every ${flood.byteEveryMs / 1000} s), p50`,
        value: loaded,
        unit: 'ms',
        anchor: `B alone, p50 ${alone.toFixed(2)} ms`,
        anchorValue: alone,
        goal: '≤ 2× alone',
        met: ratio <= 2,
        note: `${ratio.toFixed(2)}× alone; B's sequential reads: ${quiet.times.length} alone (after ${samples.warmup} warm-up), ${busy.times.length} under load (${quiet.failed + busy.failed} not 200); A's calls meanwhile: ${a.answered} answered, ${a.refused} refused (429/503), ${a.open} still open; ${machine}`,
      },
    ];
  } finally {
    await stopRoles(server, origin);
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
const role = roleArgument('role');
if (isMain && role === 'origin') {
  void serveOrigin();
} else if (isMain && role === 'console') {
  void serveConsole(roleArgument('origin') ?? '');
} else if (isMain) {
  isolationBenchRows()
    .then((rows) => process.stdout.write(`${renderTable(rows)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
