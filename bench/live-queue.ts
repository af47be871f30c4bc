/**
 * The live queues' cost upstream: the console in front of the emulator, each of 1 and then of 20
 * moderators watching both queues (a blocked and a flagged event stream each) for the same time; a
 * recorder between them counts the reads of each list. One poller per list serves everyone, so the
 * figures with 1 and 20 must be the same.
 *
 *   npx tsx bench/live-queue.ts          # alone; `npm run bench -- --only=live` writes BENCHMARKS.md
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const lists = {
  blocked: { path: '/v3/moderation/blocked-messages', events: '/console/queue/events' },
  flagged: {
    path: '/v3/moderation/flagged-messages',
    events: '/console/queue/events?list=flagged',
  },
} as const;
type ListName = keyof typeof lists;

/** Forwards everything to the emulator and counts its reads of each list. */
async function startRecorder(target: URL) {
  const counter: Record<ListName, number> = { blocked: 0, flagged: 0 };
  const server: Server = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'GET' && path === lists.blocked.path) counter.blocked += 1;
    if (req.method === 'GET' && path === lists.flagged.path) counter.flagged += 1;
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
async function watch(
  url: string,
  cookie: string,
  list: ListName,
  signal: AbortSignal,
): Promise<void> {
  const res = await fetch(`${url}${lists[list].events}`, {
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

/** Each list's reads per minute while `watchers` moderators watch both queues for the window. */
async function measure(watchers: number): Promise<Record<ListName, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'live-queue-bench-'));
  const emulator = await startEmulator({ port: 0, dataDir: join(dir, 'emulator'), apiKey });
  const recorder = await startRecorder(new URL(emulator.url));
  const consoleServer = await startConsole({
    port: 0,
    dataDir: join(dir, 'console'),
    upstream: { baseUrl: recorder.url, apiKey },
    logger: createLogger({ level: 'info', destination: '/dev/null' }),
    rateLimit: { perSecond: 1e9, burst: 1e9 },
    // Twenty moderators are one operator's forty streams here.
    liveQueue: { pollMs: pollSeconds * 1000, maxStreamsPerOperator: 2 * watchers },
  });
  const streams = new AbortController();
  try {
    await addOperator(consoleServer.store, { ...moderator, role: 'moderator' });
    const cookie = await signIn(consoleServer.url);
    await Promise.all(
      Array.from({ length: watchers }, () =>
        (['blocked', 'flagged'] as const).map((list) =>
          watch(consoleServer.url, cookie, list, streams.signal),
        ),
      ).flat(),
    );
    const before = { ...recorder.counter };
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const perMinute = (list: ListName) =>
      ((recorder.counter[list] - before[list]) * 60_000) / windowMs;
    return { blocked: perMinute('blocked'), flagged: perMinute('flagged') };
  } finally {
    streams.abort();
    await consoleServer.close();
    await recorder.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const label = { blocked: 'Blocked-list', flagged: 'Flagged-list' } as const;

export async function liveQueueBenchRows(): Promise<BenchRow[]> {
  const one = await measure(1);
  const twenty = await measure(20);
  const rows: BenchRow[] = [];
  for (const list of ['blocked', 'flagged'] as const) {
    process.stdout.write(
      `${list}-list reads per minute over ${windowMs / 1000} s, polling every ${pollSeconds} s: 1 moderator ${one[list].toFixed(1)}, 20 moderators ${twenty[list].toFixed(1)}\n`,
    );
    rows.push(
      {
        measure: `${label[list]} reads upstream, 1 moderator (poll every ${pollSeconds} s)`,
        value: one[list],
        unit: '/min',
        anchor: `one poll per interval: ${60 / pollSeconds}/min`,
        anchorValue: 60 / pollSeconds,
        goal: 'one read per interval',
        met: Math.abs(one[list] - 60 / pollSeconds) < 60 / pollSeconds / 10,
      },
      {
        measure: `${label[list]} reads upstream, 20 moderators (poll every ${pollSeconds} s)`,
        value: twenty[list],
        unit: '/min',
        anchor: `1 moderator (${one[list].toFixed(1)}/min); polling in each browser every 15 s would be 20 × 4 = 80/min`,
        anchorValue: one[list],
        goal: 'the same as 1 moderator',
        met: twenty[list] === one[list],
      },
    );
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await liveQueueBenchRows();
  process.stdout.write(`${renderTable(rows)}\n`);
}
