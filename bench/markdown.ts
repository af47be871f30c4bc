import { readFileSync, writeFileSync } from 'node:fs';
import { renderTable, type BenchRow } from './report';

const doc = 'docs/BENCHMARKS.md';
const notesStart = '<!-- notes: kept across runs -->';

interface Section {
  name: string;
  rows: BenchRow[];
  error?: string;
}

function readDoc(): string {
  try {
    return readFileSync(doc, 'utf8');
  } catch {
    return '';
  }
}

/** The `## name` sections of the figures part of the current doc, by name. */
function previousSections(current: string): Map<string, string> {
  const figures = current.split(notesStart)[0] ?? '';
  const sections = new Map<string, string>();
  for (const block of figures.split('\n## ').slice(1)) {
    const [name = '', ...body] = block.split('\n');
    sections.set(name.trim(), body.join('\n').trim());
  }
  return sections;
}

/**
 * Rewrites the figures of docs/BENCHMARKS.md: sections measured in this run are replaced, others (from
 * an earlier full run) are kept, and so is the hand-written notes part below the figures.
 */
export function writeBenchmarksDoc(input: {
  sections: Section[];
  order: string[];
  machine: string;
  date: string;
  quick: boolean;
  only?: string;
}): void {
  const current = readDoc();
  const at = current.indexOf(notesStart);
  const notes = at >= 0 ? current.slice(at) : `${notesStart}\n`;
  const bodies = previousSections(current);
  for (const section of input.sections) {
    bodies.set(
      section.name,
      section.error ? `Not measured in this run: ${section.error}` : renderTable(section.rows),
    );
  }
  const parts = [
    '# Benchmarks',
    '',
    'Figures from `npm run bench` (this file is rewritten by it, above the notes). Each figure stands beside',
    'its anchor and goal; the ratio is result ÷ anchor figure. Benchmarks are never timed assertions in the',
    'test suite; the bundle budget is the only size check `npm test` runs.',
    '',
    `Last run: ${input.date}${input.quick ? ' (quick mode)' : ''}${input.only ? ` (only ${input.only}; other sections keep the figures of an earlier run)` : ''} on ${input.machine}. Load generator, server and browser`,
    'share those cores, so absolute figures are pessimistic; read them as ratios.',
    '',
    'Reproduce: `npm ci && npm run bench` (or `-- --quick`, or `-- --only=bundle|front|proxy|isolation|live|emulator`). Parts:',
    '`npx tsx bench/proxy.ts`, `npx tsx bench/isolation.ts`, `npx tsx bench/live-queue.ts`, `npx tsx bench/emulator.ts [--skip-crash]`.',
  ];
  for (const name of input.order) {
    const body = bodies.get(name);
    if (body !== undefined) parts.push('', `## ${name}`, '', body);
  }
  parts.push('', notes.trimEnd(), '');
  writeFileSync(doc, parts.join('\n'));
}
