/**
 * The live queue's cost upstream: the console in front of the emulator, watched by 1 and then by 20
 * moderators' event streams for the same time; a recorder between them counts the blocked-list
 * reads. One poller serves everyone, so both figures must be the same.
 *
 *   npx tsx bench/live-queue.ts          # alone; `npm run bench -- --only=live` writes BENCHMARKS.md
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startEmulator } from '../server/emulator/start';
import { addOperator } from '../server/proxy/auth/operators';
import { createLogger } from '../server/proxy/http/logger';
import { startConsole } from '../server/proxy/start';
import { renderTable, type BenchRow } from './report';

const apiKey = 'live-bench-key';
const pollSeconds = 2;
/** 15 intervals and a half: whole polls either side of the window's edges, never one on an edge. */
const windowMs = (15 * pollSeconds + pollSeconds / 2) * 1000;
const moderator = { username: 'watcher', password: 'queue glass river morning' };

/** Forwards everything to the emulator and counts its blocked-list reads. */
async function startRecorder(target: URL) {
  const counter = { blockedList: 0 };
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/v3/moderation/blocked-messages')
      counter.blockedList += 1;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    counter,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify(moderator),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
}

/** Opens one event stream; resolves once its first list arrived. */
async function watch(url: string, cookie: string, signal: AbortSignal): Promise<void> {
  const res = await fetch(`${url}/console/queue/events`, {
    headers: { cookie, accept: 'text/event-stream', 'sec-fetch-site': 'same-origin' },
    signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`event stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: queue')) {
    const { done, value } = await reader.read();
    if (done) throw new Error('event stream ended before the first list');
    text += decoder.decode(value, { stream: true });
  }
  // Keep reading (and discarding) so the stream stays open like a browser's.
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // Aborted at the end of the run.
    }
  })();
}

/** Blocked-list reads per minute while `watchers` streams are open for the window. */
async function measure(watchers: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'live-queue-bench-'));
  const emulator = await startEmulator({ port: 0, dataDir: join(dir, 'emulator'), apiKey });
  const recorder = await startRecorder(new URL(emulator.url));
  const consoleServer = await startConsole({
    port: 0,
    dataDir: join(dir, 'console'),
    upstream: { baseUrl: recorder.url, apiKey },
    logger: createLogger({ level: 'info', stream: pino.destination('/dev/null') }),
    rateLimit: { perSecond: 1e9, burst: 1e9 },
    liveQueue: { pollMs: pollSeconds * 1000 },
  });
  const streams = new AbortController();
  try {
    await addOperator(consoleServer.store, { ...moderator, role: 'moderator' });
    const cookie = await signIn(consoleServer.url);
    await Promise.all(
      Array.from({ length: watchers }, () => watch(consoleServer.url, cookie, streams.signal)),
    );
    const before = recorder.counter.blockedList;
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    return ((recorder.counter.blockedList - before) * 60_000) / windowMs;
  } finally {
    streams.abort();
    await consoleServer.close();
    await recorder.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function liveQueueBenchRows(): Promise<BenchRow[]> {
  const one = await measure(1);
  const twenty = await measure(20);
  process.stdout.write(
    `blocked-list reads per minute over ${windowMs / 1000} s, polling every ${pollSeconds} s: 1 watcher ${one.toFixed(1)}, 20 watchers ${twenty.toFixed(1)}\n`,
  );
  const anchor = `1 watcher (${one.toFixed(1)}/min); polling in each browser every 15 s would be 20 × 4 = 80/min`;
  return [
    {
      measure: `Blocked-list reads upstream, 1 watcher (poll every ${pollSeconds} s)`,
      value: one,
      unit: '/min',
      anchor: `one poll per interval: ${60 / pollSeconds}/min`,
      anchorValue: 60 / pollSeconds,
      goal: 'one read per interval',
      met: Math.abs(one - 60 / pollSeconds) < 60 / pollSeconds / 10,
    },
    {
      measure: `Blocked-list reads upstream, 20 watchers (poll every ${pollSeconds} s)`,
      value: twenty,
      unit: '/min',
      anchor,
      anchorValue: one,
      goal: 'the same as 1 watcher',
      met: twenty === one,
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await liveQueueBenchRows();
  process.stdout.write(`${renderTable(rows)}\n`);
}
