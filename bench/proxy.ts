import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, Pool } from 'undici';
import { createLogger } from '../server/proxy/http/logger';
import { addOperator } from '../server/proxy/auth/operators';
import { startConsole } from '../server/proxy/start';
import { startTestPostgres } from '../server/proxy/test-support/postgres';
import { reportListening, roleArgument, spawnRole, stopRoles } from './child-role';
import { median, percentile, renderTable, type BenchRow } from './report';

const apiKey = 'b'.repeat(40);
const operator = { username: 'bench', password: 'lantern harbour quietly' };
// Direct and proxied requests alternate, so both see the same background load on a shared machine;
// 10,000 of each make the p99 the 100th-worst sample rather than the 40th.
const sequential = { warmup: 2_000, measured: 10_000 };
// Each proxy's throughput is taken in windows alternating with the others', so all see the same load.
const throughputRounds = 3;
const throughputMs = 3_000;
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
  reportListening(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** The built SPA (`npm run bench` builds it first), so the console serves pages as it does in use. */
const builtApp = fileURLToPath(new URL('../dist', import.meta.url));

async function serveConsole(originUrl: string, databaseUrl: string | undefined): Promise<void> {
  if (!existsSync(join(builtApp, 'index.html')))
    throw new Error('The proxy bench serves the built app: run `npx vite build` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'console-proxy-bench-'));
  const running = await startConsole({
    port: 0,
    dataDir,
    databaseUrl,
    staticDir: builtApp,
    upstream: { baseUrl: `${originUrl}/v3`, apiKey },
    // The production logger (level, redaction), to /dev/null: its cost is counted, nothing is printed.
    logger: createLogger({ level: 'info', destination: '/dev/null' }),
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
  reportListening(running.url);
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

const self = fileURLToPath(import.meta.url);
const anchorsFile = fileURLToPath(new URL('./proxy-anchors.ts', import.meta.url));

/**
 * Proxy overhead on loopback (R1) and throughput at 10 connections, with the console's store on
 * SQLite and then on PostgreSQL (a server started for the run, on this machine). The origin, the
 * console, the two anchor proxies and this load generator are separate processes; the anchors are
 * measured again beside each console, alternating with it.
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

async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify(operator),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
}

/**
 * Opens the operator's home page once, as a browser does before its first read, so the console is
 * measured as it runs in use: having drawn a page (decision 0060). Whatever drawing a page leaves
 * on (the storage of its reads, once) then weighs on the calls measured after it.
 */
async function openHome(url: string, cookie: string): Promise<void> {
  const page = await fetch(`${url}/`, {
    headers: { cookie, accept: 'text/html', 'sec-fetch-mode': 'navigate' },
  });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('id="root"'))
    throw new Error(`home page not drawn: ${page.status}`);
}

interface Measured {
  name: string;
  target: Target;
  p50: number;
  p99: number;
  /** req/s of each throughput window. */
  rates: number[];
  errors: number;
}

const overhead = (m: Measured, direct: Measured, q: 'p50' | 'p99') => m[q] - direct[q];
const ms = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} ms`;
const perSecond = (value: number) => `${value.toFixed(0)} req/s`;
const rateRange = (m: Measured) =>
  `${Math.min(...m.rates).toFixed(0)}–${Math.max(...m.rates).toFixed(0)} req/s over ${m.rates.length} windows of ${throughputMs / 1000} s`;

async function storeBenchRows(engine: string, databaseUrl: string | undefined) {
  const origin = await spawnRole(self, ['--role=origin']);
  const roles = [origin];
  try {
    const consoleRole = await spawnRole(self, [
      '--role=console',
      `--origin=${origin.url}`,
      ...(databaseUrl ? [`--database=${databaseUrl}`] : []),
    ]);
    roles.push(consoleRole);
    const anchorArgs = [`--origin=${origin.url}`, `--apikey=${apiKey}`];
    const undiciRole = await spawnRole(anchorsFile, ['--role=undici', ...anchorArgs]);
    roles.push(undiciRole);
    const fastifyRole = await spawnRole(anchorsFile, ['--role=fastify', ...anchorArgs]);
    roles.push(fastifyRole);
    const cookie = await signIn(consoleRole.url);
    await openHome(consoleRole.url, cookie);
    const targets: { name: string; target: Target }[] = [
      { name: 'direct', target: [origin.url, '/v3/users', { apikey: apiKey }] },
      { name: 'the console', target: [consoleRole.url, '/api/users', { cookie }] },
      { name: 'node:http + undici', target: [undiciRole.url, '/api/users', {}] },
      { name: '@fastify/http-proxy', target: [fastifyRole.url, '/api/users', {}] },
    ];
    const times = await latencies(targets.map(({ target }) => target));
    const measured = targets.map(({ name, target }, i): Measured => ({
      name,
      target,
      p50: percentile(times[i] ?? [], 50),
      p99: percentile(times[i] ?? [], 99),
      rates: [],
      errors: 0,
    }));
    const [directM, consoleM, undiciM, fastifyM] = measured;
    if (!directM || !consoleM || !undiciM || !fastifyM)
      throw new Error('a target was not measured');

    const directRate = await throughput(...directM.target);
    let consoleCpu = 0;
    let consoleRequests = 0;
    const proxied: Measured[] = [consoleM, undiciM, fastifyM];
    for (let round = 0; round < throughputRounds; round++) {
      for (const m of proxied) {
        const cpuBefore = m === consoleM ? await cpuMicros(consoleRole.child) : 0;
        const window = await throughput(...m.target);
        if (m === consoleM) {
          consoleCpu += (await cpuMicros(consoleRole.child)) - cpuBefore;
          consoleRequests += window.done + window.errors;
        }
        m.rates.push(window.perSecond);
        m.errors += window.errors;
      }
    }
    const rate = (m: Measured) => median(m.rates);
    const sameRun = (q: 'p50' | 'p99') =>
      `@fastify/http-proxy ${ms(overhead(fastifyM, directM, q))}; node:http + undici ${ms(overhead(undiciM, directM, q))} (same run)`;
    const overhead50 = overhead(consoleM, directM, 'p50');
    const overhead99 = overhead(consoleM, directM, 'p99');
    const fastify50 = overhead(fastifyM, directM, 'p50');
    // The share of the anchor's throughput asked of the console: a PostgreSQL store is another
    // process's round trips on the same two cores.
    const share = databaseUrl ? 0.5 : 0.8;
    const sample = `${sequential.measured} sequential GETs each, direct and the three proxies alternating, after ${sequential.warmup} warm-up`;
    const consoleRows: BenchRow[] = [
      {
        measure: 'Proxy overhead, p50 (one connection)',
        value: overhead50,
        unit: 'ms',
        anchor: sameRun('p50'),
        anchorValue: fastify50,
        goal: "≤ @fastify/http-proxy's; ≤ +0.5 ms",
        met: overhead50 <= fastify50 && overhead50 <= 0.5,
        note: `direct ${directM.p50.toFixed(2)} ms, proxied ${consoleM.p50.toFixed(2)} ms; ${sample}`,
      },
      {
        measure: 'Proxy overhead, p99 (one connection)',
        value: overhead99,
        unit: 'ms',
        anchor: sameRun('p99'),
        anchorValue: overhead(fastifyM, directM, 'p99'),
        goal: '≤ +2 ms',
        met: overhead99 <= 2,
        note: `direct ${directM.p99.toFixed(2)} ms, proxied ${consoleM.p99.toFixed(2)} ms`,
      },
      {
        measure: 'Throughput through the console, 10 connections',
        value: rate(consoleM),
        unit: 'req/s',
        anchor: `@fastify/http-proxy ${perSecond(rate(fastifyM))}; node:http + undici ${perSecond(rate(undiciM))} (same run)`,
        anchorValue: rate(fastifyM),
        goal: `≥ ${share}× @fastify/http-proxy; ≥ 3,000 req/s, 0 errors`,
        met:
          rate(consoleM) >= share * rate(fastifyM) &&
          rate(consoleM) >= 3000 &&
          consoleM.errors === 0,
        note: `median, ${rateRange(consoleM)}, alternating with the anchors, after the operator's home page was drawn; ${consoleM.errors} errors; direct ${directRate.perSecond.toFixed(0)} req/s; console CPU ${(consoleCpu / consoleRequests).toFixed(0)} µs per request`,
      },
    ];
    const anchorRows = [fastifyM, undiciM].flatMap((m): BenchRow[] => [
      {
        measure: `Proxy overhead, p50 (one connection), ${m.name}`,
        value: overhead(m, directM, 'p50'),
        unit: 'ms',
        anchor: '—',
        goal: '—',
        note: `p99 ${ms(overhead(m, directM, 'p99'))}; proxied p50 ${m.p50.toFixed(2)} ms`,
      },
      {
        measure: `Throughput through ${m.name}, 10 connections`,
        value: rate(m),
        unit: 'req/s',
        anchor: '—',
        goal: '—',
        note: `median, ${rateRange(m)}; ${m.errors} errors`,
      },
    ]);
    return [
      ...consoleRows.map((row) => ({ ...row, measure: `${row.measure}, store on ${engine}` })),
      ...anchorRows.map((row) => ({
        ...row,
        measure: `${row.measure} (beside the console on ${engine})`,
      })),
    ];
  } finally {
    await stopRoles(...roles.reverse());
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
const role = roleArgument('role');
if (isMain && role === 'origin') {
  void serveOrigin();
} else if (isMain && role === 'console') {
  void serveConsole(roleArgument('origin') ?? '', roleArgument('database'));
} else if (isMain) {
  proxyBenchRows()
    .then((rows) => process.stdout.write(`${renderTable(rows)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
