import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino from 'pino';
import { Client, Pool } from 'undici';
import { createLogger } from '../server/proxy/http/logger';
import { addOperator } from '../server/proxy/auth/operators';
import { startConsole } from '../server/proxy/start';
import { startTestPostgres } from '../server/proxy/test-support/postgres';
import { percentile, renderTable, type BenchRow } from './report';

const apiKey = 'b'.repeat(40);
const operator = { username: 'bench', password: 'lantern harbour quietly' };
// Direct and proxied requests alternate, so both see the same background load on a shared machine;
// 10,000 of each make the p99 the 100th-worst sample rather than the 40th.
const sequential = { warmup: 2_000, measured: 10_000 };
const throughputMs = 5_000;
const connections = 10;

/** ~1 KB of chat-shaped JSON; the origin checks the key, so every proxied answer is known to carry it. */
const body = JSON.stringify({
  data: Array.from({ length: 4 }, (_, i) => ({
    uid: `user-${i}`,
    name: `User ${i}`,
    avatar: `https://avatars.example.com/u/user-${i}.png`,
    status: 'offline',
    role: 'default',
    createdAt: 1700000000 + i,
  })),
  meta: { pagination: { total: 4, count: 4, per_page: 100, current_page: 1, total_pages: 1 } },
});

async function serveOrigin(): Promise<void> {
  const server = createServer((req, res) => {
    const ok = req.headers.apikey === apiKey;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? body : '{"error":{"code":"AUTH_ERR_APIKEY_NOT_FOUND","message":"bad key"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`,
  );
}

async function serveConsole(originUrl: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-proxy-bench-'));
  const running = await startConsole({
    port: 0,
    dataDir,
    databaseUrl,
    upstream: { baseUrl: `${originUrl}/v3`, apiKey },
    // The production logger (level, redaction), to /dev/null: its cost is counted, nothing is printed.
    logger: createLogger({ level: 'info', stream: pino.destination('/dev/null') }),
    rateLimit: { perSecond: 1e9, burst: 1e9 },
  });
  await addOperator(running.store, { ...operator, role: 'support' });
  // The load generator asks for this process's CPU time, a figure that other load on the machine
  // disturbs far less than latency or throughput.
  process.on('message', () => process.send?.(process.cpuUsage()));
  process.on('SIGTERM', () => {
    void running.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
}

/** Runs this file in its own process (origin or console), so the load generator has its own core. */
async function spawnRole(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  if (!child.stdout) throw new Error('bench child has no stdout');
  // A child that fails before listening ends its output, and with it the wait below.
  child.once('exit', () => child.stdout?.destroy());
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const parsed: unknown = JSON.parse(line);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'url' in parsed &&
      typeof parsed.url === 'string'
    ) {
      return { child, url: parsed.url };
    }
  }
  throw new Error(`bench ${args.join(' ')} exited before listening`);
}

type Target = readonly [url: string, path: string, headers: Record<string, string>];

/** Sequential GETs on one connection per target, alternating between the targets; milliseconds. */
async function latencies(targets: readonly Target[]): Promise<number[][]> {
  const clients = targets.map(([url]) => new Client(url, { pipelining: 1 }));
  const times: number[][] = targets.map(() => []);
  for (let i = 0; i < sequential.warmup + sequential.measured; i++) {
    for (const [t, [, path, headers]] of targets.entries()) {
      const client = clients[t];
      if (!client) continue;
      const started = process.hrtime.bigint();
      const res = await client.request({ path, method: 'GET', headers });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`${path}: status ${res.statusCode}`);
      if (i >= sequential.warmup) times[t]?.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  await Promise.all(clients.map((client) => client.close()));
  return times;
}

/** CPU time (user + system) the child has used so far, in microseconds. */
async function cpuMicros(child: ChildProcess): Promise<number> {
  const usage = await new Promise<unknown>((resolve) => {
    child.once('message', resolve);
    child.send('cpu');
  });
  if (typeof usage === 'object' && usage !== null && 'user' in usage && 'system' in usage) {
    return Number(usage.user) + Number(usage.system);
  }
  throw new Error('the console did not report its CPU time');
}

async function throughput(url: string, path: string, headers: Record<string, string>) {
  const pool = new Pool(url, { connections });
  let done = 0;
  let errors = 0;
  const deadline = Date.now() + throughputMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const res = await pool.request({ path, method: 'GET', headers });
        await res.body.arrayBuffer();
        if (res.statusCode === 200) done++;
        else errors++;
      }
    }),
  );
  await pool.close();
  return { perSecond: done / (throughputMs / 1000), done, errors };
}

/**
 * Proxy overhead on loopback (R1) and throughput at 10 connections, with the console's store on
 * SQLite and then on PostgreSQL (a server started for the run, on this machine). The origin, the
 * console and this load generator are three processes, as with the anchors' autocannon runs.
 */
export async function proxyBenchRows(): Promise<BenchRow[]> {
  const rows = await storeBenchRows('SQLite', undefined);
  const postgres = await startTestPostgres();
  try {
    return [...rows, ...(await storeBenchRows('PostgreSQL', postgres.url))];
  } finally {
    postgres.stop();
  }
}

async function storeBenchRows(engine: string, databaseUrl: string | undefined) {
  const origin = await spawnRole(['--role=origin']);
  const proxy = await spawnRole([
    '--role=console',
    `--origin=${origin.url}`,
    ...(databaseUrl ? [`--database=${databaseUrl}`] : []),
  ]);
  try {
    const login = await fetch(`${proxy.url}/auth/login`, {
      method: 'POST',
      headers: {
        origin: proxy.url,
        'content-type': 'application/json',
        'x-requested-with': 'bench',
      },
      body: JSON.stringify(operator),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
    const direct = [origin.url, '/v3/users', { apikey: apiKey }] as const;
    const proxied = [proxy.url, '/api/users', { cookie }] as const;

    const [directTimes = [], proxiedTimes = []] = await latencies([direct, proxied]);
    const p = (times: number[], q: number) => percentile(times, q);
    const overhead50 = p(proxiedTimes, 50) - p(directTimes, 50);
    const overhead99 = p(proxiedTimes, 99) - p(directTimes, 99);
    const directRate = await throughput(...direct);
    const cpuBefore = await cpuMicros(proxy.child);
    const proxiedRate = await throughput(...proxied);
    const cpuPerRequest =
      ((await cpuMicros(proxy.child)) - cpuBefore) / (proxiedRate.done + proxiedRate.errors);
    const sample = `${sequential.measured} sequential GETs each, direct and proxied alternating, after ${sequential.warmup} warm-up`;
    const rows: BenchRow[] = [
      {
        measure: 'Proxy overhead, p50 (one connection)',
        value: overhead50,
        unit: 'ms',
        anchor:
          'hand-rolled node:http + undici +0.35 ms; @fastify/http-proxy +0.47 ms; http-proxy-middleware +1.8 ms',
        anchorValue: 0.35,
        goal: '≤ +0.5 ms',
        met: overhead50 <= 0.5,
        note: `direct ${p(directTimes, 50).toFixed(2)} ms, proxied ${p(proxiedTimes, 50).toFixed(2)} ms; ${sample}`,
      },
      {
        measure: 'Proxy overhead, p99 (one connection)',
        value: overhead99,
        unit: 'ms',
        anchor: 'hand-rolled node:http + undici p99 2.3 ms vs direct 2.6 ms',
        goal: '≤ +2 ms',
        met: overhead99 <= 2,
        note: `direct ${p(directTimes, 99).toFixed(2)} ms, proxied ${p(proxiedTimes, 99).toFixed(2)} ms`,
      },
      {
        measure: 'Throughput through the console, 10 connections',
        value: proxiedRate.perSecond,
        unit: 'req/s',
        anchor: 'hand-rolled node:http + undici 3,752 req/s; @fastify/http-proxy 2,178',
        anchorValue: 3752,
        goal: '≥ 3,000 req/s, 0 errors',
        met: proxiedRate.perSecond >= 3000 && proxiedRate.errors === 0,
        note: `${proxiedRate.errors} errors; direct ${directRate.perSecond.toFixed(0)} req/s; ${throughputMs / 1000} s each; console CPU ${cpuPerRequest.toFixed(0)} µs per request`,
      },
    ];
    return rows.map((row) => ({ ...row, measure: `${row.measure}, store on ${engine}` }));
  } finally {
    for (const { child } of [proxy, origin]) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
if (isMain && role === 'origin') {
  void serveOrigin();
} else if (isMain && role === 'console') {
  const originUrl =
    process.argv.find((arg) => arg.startsWith('--origin='))?.slice('--origin='.length) ?? '';
  const databaseUrl = process.argv
    .find((arg) => arg.startsWith('--database='))
    ?.slice('--database='.length);
  void serveConsole(originUrl, databaseUrl);
} else if (isMain) {
  proxyBenchRows()
    .then((rows) => process.stdout.write(`${renderTable(rows)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
