// Writes the last `npm test` run's times into docs/BENCHMARKS.md, in the part `npm run bench` keeps.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';

const doc = 'docs/BENCHMARKS.md';
const journeyTimesFile = 'e2e/journey-seconds.json';
const notesStart = '<!-- notes: kept across runs -->';
const start = '<!-- npm test times: rewritten by scripts/test.mjs -->';
const end = '<!-- end of npm test times -->';
const loadAtStart = loadavg()[0];

/** The machine's CPU time so far and the part of it the host gave to other machines (Linux only). */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      .trim()
      .split(/\s+/)
      .slice(1);
    // user nice system idle iowait irq softirq steal; guest time is already counted in user.
    const ticks = fields.slice(0, 8).map(Number);
    return { total: ticks.reduce((sum, t) => sum + t, 0), steal: ticks[7] ?? 0 };
  } catch {
    return undefined;
  }
}
const cpuAtStart = cpuTimes();

/** How much of the run's CPU time the host took away (steal), as a phrase, or '' where unknown. */
function stolen() {
  const now = cpuTimes();
  if (!now || !cpuAtStart || now.total <= cpuAtStart.total) return '';
  const share = (now.steal - cpuAtStart.steal) / (now.total - cpuAtStart.total);
  return `; the host took ${Math.round(share * 100)} % of the CPU time (steal)`;
}

/** A duration as people read it: `7 min 5 s`, rounded to the second first (479.6 s is `8 min 0 s`). */
export function seconds(s) {
  const whole = Math.round(s);
  return whole >= 60 ? `${Math.floor(whole / 60)} min ${whole % 60} s` : `${whole} s`;
}

/** Every journey of a Playwright JSON report with its file and duration in seconds. */
function journeys(report) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + result.duration, 0);
        found.push({ file: spec.file, title: `${spec.file}: ${spec.title}`, seconds: ms / 1000 });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return found;
}

function section({ steps, vitest, e2eRuns, total, result, earlier }) {
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
  const lines = [
    start,
    '',
    '## `npm test`: times of the last run',
    '',
    `${at} UTC on ${machine}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (the machine is shared)${stolen()}; ${seconds(total)} in all. Steps listed together ran at the same time.`,
    '',
    '| Step | Time | Result |',
    '| --- | --- | --- |',
  ];
  for (const step of steps) {
    let result = step.ok ? 'passed' : '**failed**';
    if (step.title.startsWith('unit') && vitest)
      result = `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`;
    const run = e2eRuns.find(({ stack }) =>
      step.title.startsWith(`end-to-end tests on ${stack.name}`),
    );
    if (run?.report) {
      const { expected, unexpected, flaky } = run.report.stats;
      result = `${expected + flaky} passed, ${unexpected} failed`;
    }
    lines.push(`| ${step.title} | ${seconds(step.seconds)} | ${result} |`);
  }
  for (const { stack, report } of e2eRuns) {
    const slowest = journeys(report)
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 5)
      .map((j) => `${j.title} (${seconds(j.seconds)})`);
    if (slowest.length) lines.push('', `Slowest journeys on ${stack.name}: ${slowest.join('; ')}.`);
  }
  lines.push('', '| Run (UTC) | Load at start | Time | Result |', '| --- | --- | --- | --- |');
  lines.push(`| ${at} | ${loadAtStart.toFixed(1)} | ${seconds(total)} | ${result} |`, ...earlier);
  lines.push('', end);
  return lines.join('\n');
}

/** The last runs' rows of the table below the steps, newest first (kept: the last five). */
const runRow = /^\| \d{4}-\d\d-\d\d \d\d:\d\d \|.*\|$/gm;

/**
 * Each journey file's seconds per stack, which the next runs split their lanes by (e2e/lanes.ts):
 * written only when every lane reported, so a partial run never leaves a partial record.
 */
function writeJourneySeconds(e2eRuns) {
  if (e2eRuns.some(({ report }) => !report)) return;
  const record = {};
  for (const { stack, report } of e2eRuns) {
    const files = (record[stack.stack] ??= {});
    for (const { file, seconds } of journeys(report)) files[file] = (files[file] ?? 0) + seconds;
  }
  for (const files of Object.values(record))
    for (const file of Object.keys(files)) files[file] = Math.round(files[file]);
  writeFileSync(journeyTimesFile, `${JSON.stringify(record, null, 2)}\n`);
}

export function writeTestTimes({ steps, vitest, e2eRuns, result }) {
  writeJourneySeconds(e2eRuns);
  const total = process.uptime();
  let text;
  try {
    text = readFileSync(doc, 'utf8');
  } catch {
    return;
  }
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const earlier =
    from >= 0 && to > from ? (text.slice(from, to).match(runRow) ?? []).slice(0, 4) : [];
  const body = section({ steps, vitest, e2eRuns, total, result, earlier });
  if (from >= 0 && to > from) text = text.slice(0, from) + body + text.slice(to + end.length);
  else if (text.includes(notesStart)) text = text.replace(notesStart, `${notesStart}\n\n${body}`);
  else text = `${text.trimEnd()}\n\n${body}\n`;
  writeFileSync(doc, text);
  spawnSync('npx', ['prettier', '--write', '--log-level=warn', doc], { stdio: 'inherit' });
}
