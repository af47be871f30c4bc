import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';

async function start(args: string[]) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  for await (const line of createInterface({ input: child.stdout! })) {
    try { const p = JSON.parse(line); if (p.url) return { child, url: p.url as string }; } catch {}
  }
  throw new Error('no url');
}
const origin = await start(['--import', 'tsx', 'bench/proxy.ts', '--role=origin']);
const prof = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/work/prof/pprof'] : [];
const cons = await start([...prof, '--import', 'tsx', 'bench/proxy.ts', '--role=console', `--origin=${origin.url}`]);
const login = await fetch(`${cons.url}/auth/login`, { method: 'POST', headers: { origin: cons.url, 'content-type': 'application/json', 'x-requested-with': 'bench' }, body: JSON.stringify({ username: 'bench', password: 'lantern harbour quietly' }) });
const cookie = (login.headers.get('set-cookie') ?? '').split(';', 1)[0]!;
const pool = new Pool(cons.url, { connections: 10 });
let n = 0, errors = 0;
const until = Date.now() + 1000 * Number(process.env.SECS ?? 6);
const c0 = Date.now();
await Promise.all(Array.from({ length: 10 }, async () => {
  while (Date.now() < until) {
    const r = await pool.request({ path: '/api/users', method: 'GET', headers: { cookie } });
    await r.body.text(); if (r.statusCode !== 200) errors++; n++;
  }
}));
console.log('req/s', (n / ((Date.now() - c0) / 1000)).toFixed(0), 'errors', errors);
await pool.close();
cons.child.kill('SIGTERM'); origin.child.kill('SIGTERM');
await new Promise((r) => cons.child.once('exit', r));
