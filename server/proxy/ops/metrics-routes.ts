import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { errorBody } from '../http/errors';
import type { ConsoleMetrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `Authorization` carries exactly `Bearer <token>`, compared in constant time. */
export function hasBearer(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(token));
}

const scrape = async (metrics: ConsoleMetrics) =>
  new Response(await metrics.registry.metrics(), {
    headers: { 'content-type': metrics.registry.contentType },
  });

/**
 * `GET /metrics` on the console's own port, only with `Authorization: Bearer <token>` (401 without
 * it). Mounted only when a token is configured, so without one the path is the console's 404.
 */
export function createMetricsApp(metrics: ConsoleMetrics, token: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/metrics', async (c) => {
    if (!hasBearer(c.req.header('authorization'), token)) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      return c.json(
        errorBody('CONSOLE_METRICS_UNAUTHORIZED', 'Send the metrics token as a Bearer token.'),
        401,
      );
    }
    return scrape(metrics);
  });
  return app;
}

/**
 * A listener of its own for Prometheus (`CONSOLE_METRICS_PORT`): `GET /metrics` without a token,
 * nothing else; meant for an interface only the monitoring network reaches (127.0.0.1 by default).
 */
export async function startMetricsListener(
  metrics: ConsoleMetrics,
  opts: { port: number; host: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono();
  app.get('/metrics', () => scrape(metrics));
  app.notFound((c) => c.json(errorBody('CONSOLE_NOT_FOUND', 'Not found.'), 404));
  const { server, port } = await new Promise<{ server: Server; port: number }>(
    (resolve, reject) => {
      const started = serve({ fetch: app.fetch, port: opts.port, hostname: opts.host }, (info) =>
        resolve({ server: started, port: info.port }),
      ) as Server;
      started.once('error', reject);
    },
  );
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
