/**
 * `npm run bench`: every benchmark, each figure beside its anchor and goal; rewrites docs/BENCHMARKS.md.
 *
 *   npm run bench                 # everything (about 10 minutes: large seed, 100 crash cycles)
 *   npm run bench -- --quick      # 10 crash cycles and 10 runs per emulator page
 *   npm run bench -- --only=front # one part: bundle, front, proxy, isolation, live or emulator (its section is replaced)
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { runEmulatorBench } from './emulator';
import { bundleRows, frontendRows } from './frontend';
import { isolationBenchRows } from './isolation';
import { liveQueueBenchRows } from './live-queue';
import { writeBenchmarksDoc } from './markdown';
import { proxyBenchRows } from './proxy';
import { storeScaleBenchRows } from './store-scale';
import type { BenchRow } from './report';
import { startStack } from './stack';

const quick = process.argv.includes('--quick');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const wanted = (part: string) => !only || only === part;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function section(
  name: string,
  run: () => Promise<BenchRow[]>,
): Promise<{ name: string; rows: BenchRow[]; error?: string }> {
  say(`\n=== ${name}`);
  try {
    return { name, rows: await run() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    say(`${name} failed: ${message}`);
    return { name, rows: [], error: message };
  }
}

// The front-end parts measure the built app; the proxy's console serves it, as in use.
if (wanted('bundle') || wanted('front') || wanted('proxy')) {
  say('Building the app…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}

const parts: [string, string, () => Promise<BenchRow[]>][] = [
  ['bundle', 'Front end: bundle', bundleRows],
  [
    'front',
    'Front end: pages in Chromium',
    async () => {
      const stack = await startStack();
      try {
        return await frontendRows(stack);
      } finally {
        await stack.stop();
      }
    },
  ],
  ['proxy', 'Console server: proxy overhead and throughput', proxyBenchRows],
  [
    'isolation',
    "Console server: one operator's slow calls and another operator's latency",
    isolationBenchRows,
  ],
  ['live', 'Console server: live queue, upstream reads with 1 and 20 watchers', liveQueueBenchRows],
  [
    'store',
    'Console store: insights and audit at 1,000,000 decisions',
    () => storeScaleBenchRows(),
  ],
  [
    'emulator',
    'Emulator',
    () => runEmulatorBench({ runs: quick ? 10 : 30, crashCycles: quick ? 10 : 100 }),
  ],
];
const sections = [];
for (const [part, name, run] of parts) if (wanted(part)) sections.push(await section(name, run));

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
writeBenchmarksDoc({
  sections,
  order: parts.map(([, name]) => name),
  machine,
  date: new Date().toISOString().slice(0, 10),
  quick,
  only,
});
say('\ndocs/BENCHMARKS.md rewritten.');
const missed = sections.flatMap((s) => s.rows).filter((row) => row.met === false);
say(
  `${missed.length} goal(s) missed${missed.length ? ': ' + missed.map((r) => r.measure).join('; ') : ''}`,
);
