import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { createPagePreloads } from './page-preloads';

/** The SPA's Content-Security-Policy: nothing but its own origin, no framing, no plugins. */
export const spaCsp =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const types: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function fileAt(path: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? new Uint8Array(await readFile(path)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the built SPA: hashed files under `assets/` cached for a year, anything else revalidated,
 * and `index.html` for client routes (paths without an extension), with preload links for the
 * chunks of the page the path renders. Paths were already checked for dot segments and encoded
 * separators; the root check below is the second lock. Dot files and folders (the build manifest
 * in `.vite/`) are not served.
 */
export function createStaticHandler(staticDir: string) {
  const root = resolve(staticDir);
  const preloads = createPagePreloads(root);
  // Hashed assets never change under their name: read each once, then answer from memory.
  const assets = new Map<string, Uint8Array<ArrayBuffer>>();
  const assetAt = async (path: string) => {
    const cached = assets.get(path);
    if (cached) return cached;
    const file = await fileAt(path);
    if (file) assets.set(path, file);
    return file;
  };
  return async (c: Context): Promise<Response | undefined> => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined;
    const path = c.req.path;
    if (path.split('/').some((segment) => segment.startsWith('.'))) return undefined;
    const candidate = resolve(root, `.${path}`);
    if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
    const ext = extname(path);
    const immutable = path.startsWith('/assets/');
    const asset =
      !ext || path === '/'
        ? undefined
        : immutable
          ? await assetAt(candidate)
          : await fileAt(candidate);
    if (asset) {
      c.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return c.body(asset, 200, {
        'content-type': types[ext] ?? 'application/octet-stream',
      });
    }
    if (ext) return undefined;
    const index = await fileAt(resolve(root, 'index.html'));
    if (!index) return undefined;
    c.header('cache-control', 'no-cache');
    c.header('content-security-policy', spaCsp);
    const html = new TextDecoder().decode(index).replace('</head>', `${preloads(path)}</head>`);
    return c.body(html, 200, { 'content-type': types['.html'] ?? 'text/html' });
  };
}
