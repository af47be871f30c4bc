import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; images other than SVG are compressed already. */
const compressible = /\.(?:js|css|svg|json|txt|webmanifest)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each built text file of `dir/assets` of at
 * least 1 KiB, at their best ratios: the console server sends the copy the browser accepts
 * (`serveStatic`'s `precompressed`), so no answer is compressed per request (decision 0058).
 */
export async function precompress(dir: string): Promise<void> {
  const assets = join(dir, 'assets');
  const files = readdirSync(assets).filter((name) => compressible.test(name));
  await Promise.all(
    files.map(async (name) => {
      const path = join(assets, name);
      const body = readFileSync(path);
      if (body.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gz);
    }),
  );
}

/** The build step that runs `precompress` on the output directory. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => precompress(outDir),
  };
}
