// Docs that name a file of the project must name one that exists. Every Markdown file at the root,
// in server/ and under docs/ (decisions, deploy guide, benchmarks) is read for file references in backticks or links:
// `server/proxy/app.ts` must exist as written, a partial `features/users/users-table.tsx` or a bare
// `allow-list.ts` must end some file's path.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const skip = new Set(['node_modules', 'dist', 'test-results', '.git', '.test-out']);
function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (skip.has(name) || name.startsWith('.e2e-')) continue;
    const path = dir === '.' ? name : join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}
const files = walk('.');
const docs = files.filter(
  (f) => /^(server\/|docs\/)?[^/]+\.md$/.test(f) || /^docs\/.+\.md$/.test(f),
);
const roots = /^(src|server|e2e|bench|scripts|docs|public|\.ci)\//;
const reference =
  /(?:`|\]\()((?:\.\/)?[\w@.{}*<>/-]+\.(?:tsx?|mjs|js|json|md|png|svg))(?::\d+(?:-\d+)?)?(?:`|\))/g;

const missing = [];
for (const doc of docs.filter((d) => existsSync(d))) {
  for (const [, raw] of readFileSync(doc, 'utf8').matchAll(reference)) {
    const path = raw.replace(/^\.\//, '');
    // Globs and templates (`features/<area>/queries.ts`, `*.test.ts`) describe patterns, not files.
    if (/[*{}<>]/.test(path) || /^(https?:|node_modules|package|tsconfig|\.\.\/)/.test(path))
      continue;
    const found = roots.test(path)
      ? existsSync(path)
      : files.some((f) => f === path || f.endsWith(`/${path}`));
    if (!found) missing.push(`${doc}: ${path}`);
  }
}
if (missing.length) {
  console.error(`Docs name files that do not exist:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`doc references: every named file exists (${docs.length} docs)`);
