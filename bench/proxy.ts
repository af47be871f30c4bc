import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { Client, Pool } from 'undici';
import { addOperator } from '../server/proxy/operators';
import { startConsole } from '../server/proxy/start';
import { percentile, renderTable, type BenchRow } from './report';

const apiKey = 'b'.repeat(40);
const sequential = { warmup: 2_000, measured: 4_000 };
const throughputMs = 5_000;
const connections = 10;

/** ~1 KB of chat-shaped JSON; the origin checks the key so every proxied answer is known to carry it. */
const body = JSON.stringify({
  data: Array.from({ length: 4 }, (_, i) => ({ uid: `user-${i}`, name: `User ${i}`, status: 'offline', role: 'default', createdAt: 1700000000 + i, avatar: `https://avatars.example.com/u/user-${i}.png` })),
  meta: { pagination: { total: 4, count: 4, per_page: 100, current_page: 1, total_pages: 1 } },
});

async function startOrigin(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const ok = req.headers.apikey === apiKey;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? body : '{"error":{"code":"AUTH_ERR_APIKEY_NOT_FOUND","message":"bad key"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function latencies(url: string, path: string, headers: Record<string, string>): Promise<number[]> {
  const client = new Client(url, { pipelining: 1 });
  const times: number[] = [];
  for (let i = 0; i < sequential.warmup + sequential.measured; i++) {
    const started = process.hrtime.bigint();
    const res = await client.request({ path, method: 'GET', headers });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`${path}: status ${res.statusCode}`);
    if (i >= sequential.warmup) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  await client.close();
  return times;
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
  return { perSecond: done / (throughputMs / 1000), errors };
}

/** Proxy overhead on loopback (R1) and throughput at 10 connections, against a local origin. */
export async function proxyBenchRows(): Promise<BenchRow[]> {
  const origin = await startOrigin();
  const dataDir = mkdtempSync(join(tmpdir(), 'console-proxy-bench-'));
  const running = await startConsole({
    port: 0,
    dataDir,
    upstream: { baseUrl: `http://127.0.0.1:${origin.port}/v3`, apiKey },
    // Logging at the production level, to /dev/null, so its cost is counted but not printed.
    logger: pino({ level: 'info' }, pino.destination('/dev/null')),
    rateLimit: { perSecond: 1e9, burst: 1e9 },
  });
  try {
    await addOperator(running.store, { username: 'bench', role: 'support', password: 'bench passphrase' });
    const login = await fetch(`${running.url}/auth/login`, {
      method: 'POST',
      headers: { origin: running.url, 'content-type': 'application/json', 'x-requested-with': 'bench' },
      body: JSON.stringify({ username: 'bench', password: 'bench passphrase' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
    const direct = { url: `http://127.0.0.1:${origin.port}`, path: '/v3/users', headers: { apikey: apiKey } };
    const proxied = { url: running.url, path: '/api/users', headers: { cookie } };

    const directTimes = await latencies(direct.url, direct.path, direct.headers);
    const proxiedTimes = await latencies(proxied.url, proxied.path, proxied.headers);
    const p = (times: number[], q: number) => percentile(times, q);
    const overhead50 = p(proxiedTimes, 50) - p(directTimes, 50);
    const overhead99 = p(proxiedTimes, 99) - p(directTimes, 99);
    const directRate = await throughput(direct.url, direct.path, direct.headers);
    const proxiedRate = await throughput(proxied.url, proxied.path, proxied.headers);
    const sample = `${sequential.measured} sequential GETs after ${sequential.warmup} warm-up`;
    return [
      { measure: 'Proxy overhead, p50 (one connection)', value: overhead50, unit: 'ms', anchor: 'hand-rolled node:http + undici +0.35 ms; @fastify/http-proxy +0.47 ms', anchorValue: 0.35, goal: '≤ 1 ms', met: overhead50 <= 1, note: `direct ${p(directTimes, 50).toFixed(2)} ms, proxied ${p(proxiedTimes, 50).toFixed(2)} ms; ${sample}` },
      { measure: 'Proxy overhead, p99 (one connection)', value: overhead99, unit: 'ms', anchor: 'direct p99 2.6 ms on this VM class', goal: '≤ 3 ms', met: overhead99 <= 3, note: `direct ${p(directTimes, 99).toFixed(2)} ms, proxied ${p(proxiedTimes, 99).toFixed(2)} ms` },
      { measure: 'Throughput through the console, 10 connections', value: proxiedRate.perSecond, unit: 'req/s', anchor: 'hand-rolled node:http + undici 3,752 req/s; @fastify/http-proxy 2,178', anchorValue: 3752, goal: '≥ 1,000 req/s, 0 errors', met: proxiedRate.perSecond >= 1000 && proxiedRate.errors === 0, note: `${proxiedRate.errors} errors; direct ${directRate.perSecond.toFixed(0)} req/s; ${throughputMs / 1000} s each, generator on the same machine` },
    ];
  } finally {
    await running.close();
    await new Promise<void>((resolve) => origin.server.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  proxyBenchRows()
    .then((rows) => process.stdout.write(`${renderTable(rows)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
