// The e2e stack runs with a canary API key: it must not appear in the built app or the server's log.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const canary = 'CANARY-e2e-0f8b6d2c9a7e41d3b5';
// The stack's own dir, as e2e/env.ts names it.
const shard = /^(\d+)\/\d+$/.exec(process.env.E2E_SHARD ?? '')?.[1];
const dir =
  process.env.E2E_DIR ??
  `.e2e${process.env.E2E_STACK === 'replicas' ? '-replicas' : ''}${shard ? `-${shard}` : ''}`;
// One console writes server.log; replicas write server-1.log, server-2.log.
const logs = existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => /^server(-\d+)?\.log$/.test(name))
      .map((name) => join(dir, name))
  : [];
const places = ['dist', ...logs];
const hits = [];
function scan(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) scan(join(path, entry));
    return;
  }
  if (readFileSync(path).includes(canary)) hits.push(path);
}
places.forEach(scan);
if (logs.length === 0) {
  console.error(`no server log in ${dir}: the end-to-end stack did not run`);
  process.exit(1);
}
if (hits.length) {
  console.error(`the API key leaked into: ${hits.join(', ')}`);
  process.exit(1);
}
console.log(`key canary: 0 hits in ${places.join(', ')}`);
