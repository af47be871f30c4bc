/**
 * The console store at a million decisions (decision 0042), on SQLite and on PostgreSQL: the
 * insights of each range and the audit rows of one target (what a user's overview reads), p50 of 5
 * after one warm-up, beside the full scans they replace. The trail is written as an older console
 * left it, then brought up by the same fills the migrations run, which are timed too.
 *
 *   npx tsx bench/store-scale.ts [--decisions=1000000] [--engine=sqlite|postgres] [--references=no]
 *
 * `--references=no` leaves out the former full scans (minutes each at a million).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { queryAudit } from '../server/proxy/audit/audit-query';
import { rebuildInsightTotals } from '../server/proxy/insights/decision-rebuild';
import { computeInsights, rangeSpans } from '../server/proxy/insights/figures';
import { fillAuditTargets } from '../server/proxy/store/scale-migrations';
import { openConsoleStore, type ConsoleStore } from '../server/proxy/store/store';
import { scanDecisionFigures } from '../server/proxy/test-support/insights-scan';
import { startTestPostgres } from '../server/proxy/test-support/postgres';
import { median, renderTable, type BenchRow } from './report';
import { fillTrail, trailNow } from './store-trail';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const say = (line: string) => process.stdout.write(`${line}\n`);

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** p50 of `runs` after one warm-up, in milliseconds. */
async function p50(runs: number, run: () => Promise<unknown>): Promise<number> {
  return (await p50WithCpu(runs, run)).wall;
}

/**
 * The same, with this process's CPU time per run (p50): on SQLite the whole read, on PostgreSQL the
 * client's share. On a shared machine the wall time follows the load; the CPU time much less.
 */
async function p50WithCpu(runs: number, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    times.push(await timed(run));
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wall: median(times), cpu: median(cpus) };
}

/** The audit target filter as it was: any value of every row's JSON. */
function jsonTargetScan(store: ConsoleStore, value: string) {
  const has =
    store.engine === 'postgres'
      ? sql<boolean>`jsonb_path_exists(targets::jsonb, '$.* ? (@ == $v)', jsonb_build_object('v', ${value}::text))`
      : sql<boolean>`EXISTS (SELECT 1 FROM json_tree(targets) AS t WHERE t.type = 'text' AND t.atom = ${value})`;
  return store.db
    .selectFrom('audit')
    .selectAll()
    .where(has)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(25)
    .execute();
}

async function engineRows(
  engine: string,
  store: ConsoleStore,
  decisions: number,
  references: boolean,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const count = decisions.toLocaleString('en');
  say(`${engine}: writing ${count} decisions…`);
  const fill = await timed(() => fillTrail(store, decisions));
  say(`${engine}: written in ${(fill / 1000).toFixed(1)} s; building the targets and the totals…`);
  const targets = await timed(() => fillAuditTargets(store.db, store.engine));
  const totals = await timed(() => rebuildInsightTotals(store.db));
  if (store.engine === 'postgres') await sql`ANALYZE`.execute(store.db);
  rows.push({
    measure: `${engine}: migration of an older trail (${count} decisions): targets, then insights totals`,
    value: (targets + totals) / 1000,
    unit: 's',
    anchor: `targets ${(targets / 1000).toFixed(1)} s, totals ${(totals / 1000).toFixed(1)} s`,
    goal: 'once, at the upgrade',
  });
  const now = trailNow + 7 * 60_000 + 1234;
  for (const range of ['24h', '7d', '30d'] as const) {
    const { wall: ms, cpu } = await p50WithCpu(5, () =>
      computeInsights(store, { range, now, queue: { items: [], complete: true } }),
    );
    say(`${engine}: insights ${range} p50 ${ms.toFixed(1)} ms (CPU ${cpu.toFixed(1)} ms)`);
    rows.push({
      measure: `${engine}: insights ${range} at ${count} decisions (p50 of 5)`,
      value: ms,
      unit: 'ms',
      anchor: `the goal, ≤ 100 ms; console CPU ${cpu.toFixed(1)} ms`,
      anchorValue: 100,
      goal: '≤ 100 ms',
      met: ms <= 100,
    });
  }
  const span = rangeSpans['30d'];
  if (references)
    rows.push({
      measure: `${engine}: the same 30 days by a full scan of the trail, as before (p50 of 2)`,
      value: await p50(2, () => scanDecisionFigures(store, now - span.ms, now, span.bucketMs)),
      unit: 'ms',
      anchor: 'insights 30d above',
      goal: 'reference',
    });
  for (const [what, target] of [
    ['a user', 'u1234'],
    ['a message', 'm4321'],
  ] as const) {
    const ms = await p50(5, () => queryAudit(store, { target, page: 1, perPage: 25 }));
    say(`${engine}: audit rows of ${what} p50 ${ms.toFixed(1)} ms`);
    rows.push({
      measure: `${engine}: audit rows of ${what}, first page, at ${count} decisions (p50 of 5)`,
      value: ms,
      unit: 'ms',
      anchor: 'the goal, ≤ 50 ms',
      anchorValue: 50,
      goal: '≤ 50 ms',
      met: ms <= 50,
    });
  }
  if (!references) return rows;
  const jsonScan = await p50(2, () => jsonTargetScan(store, 'u1234'));
  rows.push({
    measure: `${engine}: a user's rows by reading every row's JSON, as before (p50 of 2)`,
    value: jsonScan,
    unit: 'ms',
    anchor: 'audit rows of a user above',
    goal: 'reference',
  });
  return rows;
}

/** The store section of `npm run bench`. */
export async function storeScaleBenchRows(
  opts: { decisions?: number; engines?: readonly string[]; references?: boolean } = {},
): Promise<BenchRow[]> {
  const decisions = opts.decisions ?? 1_000_000;
  const engines = opts.engines ?? ['sqlite', 'postgres'];
  const references = opts.references ?? true;
  const rows: BenchRow[] = [];
  if (engines.includes('sqlite')) {
    const dir = mkdtempSync(join(tmpdir(), 'store-scale-'));
    const store = await openConsoleStore({ file: join(dir, 'console.sqlite') });
    try {
      rows.push(...(await engineRows('SQLite', store, decisions, references)));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (engines.includes('postgres')) {
    const postgres = await startTestPostgres();
    try {
      const store = await openConsoleStore({ url: postgres.url });
      try {
        rows.push(...(await engineRows('PostgreSQL', store, decisions, references)));
      } finally {
        await store.close();
      }
    } finally {
      postgres.stop();
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const engine = arg('engine');
  const rows = await storeScaleBenchRows({
    decisions: Number(arg('decisions') ?? 1_000_000),
    engines: engine ? [engine] : undefined,
    references: arg('references') !== 'no',
  });
  say(renderTable(rows));
}
