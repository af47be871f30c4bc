import type { Context } from 'hono';

/** Methods the server answers at all; anything else (TRACE, CONNECT, PROPFIND, OPTIONS…) is 405. */
export const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The request target exactly as the client sent it. Behind @hono/node-server that is the raw
 * `IncomingMessage.url`; the WHATWG URL in `c.req.url` has already resolved dot segments, which
 * is exactly what must be inspected before any routing.
 */
export function rawTarget(c: Context): string {
  const env: unknown = c.env;
  if (typeof env === 'object' && env !== null && 'incoming' in env) {
    const incoming: unknown = env.incoming;
    if (
      typeof incoming === 'object' &&
      incoming !== null &&
      'url' in incoming &&
      typeof incoming.url === 'string'
    ) {
      return incoming.url;
    }
  }
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/**
 * The client's address for sign-in throttling: the socket's peer, or, when that peer is one of the
 * configured trusted proxies, the nearest `X-Forwarded-For` hop that is not itself a trusted proxy
 * (hops further left are whatever the client claimed). In-process requests have none.
 */
export function clientAddress(c: Context, trustedProxies: readonly string[] = []): string {
  const peer = socketAddress(c);
  if (peer === undefined) return 'in-process';
  if (!trustedProxies.includes(peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    if (!trustedProxies.includes(hop)) return hop;
  }
  return peer;
}

function socketAddress(c: Context): string | undefined {
  const env: unknown = c.env;
  if (typeof env === 'object' && env !== null && 'incoming' in env) {
    const incoming: unknown = env.incoming;
    if (typeof incoming === 'object' && incoming !== null && 'socket' in incoming) {
      const socket: unknown = incoming.socket;
      if (
        typeof socket === 'object' &&
        socket !== null &&
        'remoteAddress' in socket &&
        typeof socket.remoteAddress === 'string'
      ) {
        return socket.remoteAddress;
      }
    }
  }
  return undefined;
}

/** Problems with a target that no route of this server may see (all paths, not only `/api`). */
export function basicTargetProblem(target: string): string | undefined {
  if (!target.startsWith('/')) return 'not-origin-form';
  if (target.length > 2048) return 'too-long';
  if (!/^[\x21-\x7e]*$/.test(target)) return 'raw-character';
  const path = target.split('?', 1)[0] ?? '';
  if (path.includes('\\') || path.includes('//')) return 'separator';
  if (/%(2e|2f|5c|00)/i.test(path)) return 'encoded-dot-or-separator';
  if (/(^|\/)\.{1,2}(\/|;|$)/.test(path)) return 'dot-segment';
  return undefined;
}

export const normaliseHost = (host: string) => host.trim().toLowerCase();

/** The default allowed `Host` values for a port: loopback names only. */
export const loopbackHosts = (port: number) => [
  `127.0.0.1:${port}`,
  `localhost:${port}`,
  `[::1]:${port}`,
];

/**
 * Cross-site request checks for state-changing methods: a same-origin `Origin` (absent fails),
 * `Sec-Fetch-Site: same-origin` when sent, and the SPA's custom header, which a cross-site form or
 * simple request cannot carry. The JSON content type is checked where the body is read.
 */
export function crossSiteProblem(c: Context, secure: boolean): string | undefined {
  const host = normaliseHost(c.req.header('host') ?? '');
  const origin = c.req.header('origin');
  if (!origin) return 'origin-missing';
  if (origin.toLowerCase() !== `${secure ? 'https' : 'http'}://${host}`) return 'origin-mismatch';
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return 'fetch-site';
  if (!c.req.header('x-requested-with')) return 'custom-header-missing';
  const type = c.req.header('content-type');
  if (type !== undefined && !/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type.trim())) {
    return 'content-type';
  }
  return undefined;
}

/** Reads of the console's data are refused when the browser says they come from another site. */
export function crossSiteReadProblem(c: Context): string | undefined {
  const site = c.req.header('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site' ? 'fetch-site' : undefined;
}
