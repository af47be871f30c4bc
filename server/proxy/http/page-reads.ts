import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import type { PageRead } from './html-page';

/**
 * The page's first reads, asked of `app` itself in process while the console server draws the page
 * (server/proxy/http/html-page.ts): with the cookie and host of the request for the page, from the
 * same socket, so each read meets every check a read from the browser meets (session, role, the
 * allow-list, rate limits) and is logged as one. Reads only.
 */
export function pageReadsAs(app: Hono<AppEnv>): (c: AppContext) => PageRead {
  return (c) => async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error('a page draws from reads only');
    const target = new URL(url, c.req.url);
    const headers = new Headers(init.headers);
    for (const name of ['cookie', 'host']) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const env: unknown = c.env;
    const socket =
      typeof env === 'object' && env !== null && 'incoming' in env
        ? (env.incoming as { socket?: unknown } | undefined)?.socket
        : undefined;
    // The raw target is the read's, not the page's (guards.ts reads it from `incoming.url`).
    const incoming = { url: target.pathname + target.search, socket };
    return app.fetch(new Request(target, { method: 'GET', headers, signal: init.signal }), {
      incoming,
    });
  };
}
