import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const inputs = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'server/precompress.ts',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `dist/` is missing or older than any input of the build. */
export function appBuildIsStale(root: string): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

/** Builds the SPA with Vite when needed; returns whether it built. */
export function ensureAppBuilt(root: string, log: (line: string) => void): boolean {
  if (!appBuildIsStale(root)) return false;
  log('Building the console app (dist/ is missing or out of date)…');
  const vite = join(root, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The app build failed; see the output above.');
  return true;
}
