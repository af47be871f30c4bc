import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** The front-end anchors in bench/anchors: apps the console's pages and bundle are measured beside. */
export const anchorNames = ['mui-shell', 'react-admin'] as const;
export type AnchorName = (typeof anchorNames)[number];

export interface BuiltAnchor {
  /** The production build: index.html and assets/. */
  dir: string;
  /** gzip bytes of the JS the first load runs (the entry and its module preloads). */
  initialJs: number;
}

/** gzip size of the JS a built app's index.html loads (`src` and `href` of `assets/*.js`), as scripts/check-bundle.mjs counts it. */
export function initialJsOf(dir: string): number {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  let bytes = 0;
  for (const file of files)
    if (file) bytes += gzipSync(readFileSync(join(dir, file)), { level: 6 }).length;
  return bytes;
}

/** A production build of the app in `bench/<folder>` into a temporary directory the caller removes. */
export async function buildBenchApp(folder: string): Promise<BuiltAnchor> {
  const dir = mkdtempSync(join(tmpdir(), `bench-app-`));
  // Vite sets NODE_ENV for its build; the processes this bench starts afterwards inherit the original.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      root: fileURLToPath(new URL(`./${folder}`, import.meta.url)),
      configFile: false,
      mode: 'production',
      logLevel: 'error',
      plugins: [react()],
      build: { outDir: dir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return { dir, initialJs: initialJsOf(dir) };
}

let built: Promise<Record<AnchorName, BuiltAnchor>> | undefined;

/** Builds the anchors once per process (the bundle and page parts share them); removed when it exits. */
export function builtAnchors(): Promise<Record<AnchorName, BuiltAnchor>> {
  built ??= (async () => {
    const shell = await buildBenchApp('anchors/mui-shell');
    const reactAdmin = await buildBenchApp('anchors/react-admin');
    process.once('exit', () => {
      for (const { dir } of [shell, reactAdmin]) rmSync(dir, { recursive: true, force: true });
    });
    return { 'mui-shell': shell, 'react-admin': reactAdmin };
  })();
  return built;
}
