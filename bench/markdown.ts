import { readFileSync, writeFileSync } from 'node:fs';
import { renderTable, type BenchRow } from './report';

const doc = 'docs/BENCHMARKS.md';
const notesStart = '<!-- notes: kept across runs -->';

/** Rewrites the figures of docs/BENCHMARKS.md and keeps the hand-written notes section below them. */
export function writeBenchmarksDoc(input: {
  sections: { name: string; rows: BenchRow[]; error?: string }[];
  machine: string;
  date: string;
  quick: boolean;
}): void {
  let notes = `${notesStart}\n`;
  try {
    const current = readFileSync(doc, 'utf8');
    const at = current.indexOf(notesStart);
    if (at >= 0) notes = current.slice(at);
  } catch {
    // First run: no notes yet.
  }
  const parts = [
    '# Benchmarks',
    '',
    'Figures from `npm run bench` (this file is rewritten by it, above the notes). Each figure stands beside',
    'its anchor and goal; the ratio is result ÷ anchor figure. Benchmarks are never timed assertions in the',
    'test suite; the bundle budget is the only size check `npm test` runs.',
    '',
    `Last run: ${input.date}${input.quick ? ' (quick mode)' : ''} on ${input.machine}. Load generator, server and browser`,
    'share those cores, so absolute figures are pessimistic; read them as ratios.',
    '',
    'Reproduce: `npm ci && npm run bench` (or `npm run bench -- --quick`). Parts: `npx tsx bench/proxy.ts`,',
    '`npx tsx bench/emulator.ts [--skip-crash]`.',
  ];
  for (const section of input.sections) {
    parts.push('', `## ${section.name}`, '');
    if (section.error) parts.push(`Not measured in this run: ${section.error}`);
    else parts.push(renderTable(section.rows));
  }
  parts.push('', notes.trimEnd(), '');
  writeFileSync(doc, parts.join('\n'));
}
