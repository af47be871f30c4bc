// Bundle budget (a size check, not a timing): initial JS and every lazy chunk (≤ 100 KiB gzip each).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The goal, 150 KiB (decision 0004): the entry carries the libraries and the boot code; the signed-in
// shell and every page are lazy chunks the console server preloads with the page's HTML.
const INITIAL_BUDGET = 150 * 1024;
const CHUNK_BUDGET = 100 * 1024;
const dist = 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 6 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const chunks = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, size: gz(`assets/${f}`) }));
const initialSize = chunks.filter((c) => initial.has(c.file)).reduce((sum, c) => sum + c.size, 0);
const over = chunks.filter((c) => !initial.has(c.file) && c.size > CHUNK_BUDGET);

console.log(
  `initial JS: ${kib(initialSize)} gzip (budget ${kib(INITIAL_BUDGET)}) in ${initial.size} file(s)`,
);
const largest = [...chunks]
  .filter((c) => !initial.has(c.file))
  .sort((a, b) => b.size - a.size)
  .slice(0, 3);
console.log(
  `largest lazy chunks: ${largest.map((c) => `${c.file} ${kib(c.size)}`).join(', ') || 'none'}`,
);
if (process.argv.includes('--json')) {
  const lazy = chunks.filter((c) => !initial.has(c.file));
  console.log(
    JSON.stringify({
      initial: initialSize,
      largestChunk: Math.max(0, ...lazy.map((c) => c.size)),
      chunks: lazy.length,
    }),
  );
}
let ok = true;
if (initialSize > INITIAL_BUDGET) {
  console.error(`initial JS over budget by ${kib(initialSize - INITIAL_BUDGET)}`);
  ok = false;
}
for (const c of over) {
  console.error(`${c.file} is ${kib(c.size)}, over the ${kib(CHUNK_BUDGET)} chunk budget`);
  ok = false;
}
process.exit(ok ? 0 : 1);
