import { resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Next } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { createHtmlPage, type EmbeddedSession } from './html-page';
import { createKeptAssets } from './kept-assets';

export { spaCsp } from './html-page';

/**
 * Serves the built SPA (decision 0044): files through @hono/node-server's `serveStatic` (its MIME
 * table, HEAD, ranges, Last-Modified, the build's compressed copies), hashed files under `assets/`
 * cached for a year and anything else revalidated; client routes (paths without an extension) get
 * the HTML page, which carries the session and the page's preloads. Paths were already checked for
 * dot segments and encoded separators; the root check below is the second lock. Dot files and
 * folders (the build manifest in `.vite/`) are not served.
 */
export function createStaticHandler(
  staticDir: string,
  sessionFor: (c: AppContext) => Promise<EmbeddedSession>,
  warn?: Parameters<typeof createHtmlPage>[2],
  readFor?: Parameters<typeof createHtmlPage>[3],
) {
  const root = resolve(staticDir);
  const htmlPage = createHtmlPage(root, sessionFor, warn, readFor);
  const keptAsset = createKeptAssets();
  // A file's `.br` or `.gz` copy written by the build, when the browser accepts it (decision 0058).
  const files: (c: AppContext, next: Next) => Promise<Response | void> = serveStatic<AppEnv>({
    root,
    precompressed: true,
  });
  return async (c: AppContext): Promise<Response | undefined> => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined;
    const path = c.req.path;
    if (path.split('/').some((segment) => segment.startsWith('.'))) return undefined;
    const candidate = resolve(root, `.${path}`);
    if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (path === '/' || !last.includes('.')) return htmlPage(c);
    const immutable = path.startsWith('/assets/');
    const found =
      (immutable ? await keptAsset(c, candidate) : undefined) ??
      (await files(c, () => Promise.resolve()));
    if (!(found instanceof Response)) return undefined;
    found.headers.set(
      'cache-control',
      immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    return found;
  };
}
