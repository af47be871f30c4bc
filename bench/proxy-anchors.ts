import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import fastifyHttpProxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import { Pool } from 'undici';
import { reportListening, roleArgument } from './child-role';

/**
 * The proxies the console's proxy is measured beside (bench/proxy.ts), each in its own process: they
 * answer `/api/*` from the origin's `/v3/*`, adding the chat service's key, and do nothing else (no
 * session, role, allow-list or audit).
 */

const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** node:http in front of an undici Pool, the body streamed through. */
async function serveUndiciProxy(originUrl: string, apiKey: string): Promise<void> {
  const pool = new Pool(originUrl);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/')) {
      res.writeHead(404).end();
      return;
    }
    const method = req.method ?? 'GET';
    const request = pool.request({
      path: `/v3/${url.slice('/api/'.length)}`,
      method,
      headers: { apikey: apiKey, accept: req.headers.accept ?? '*/*' },
      body: method === 'GET' || method === 'HEAD' ? null : req,
    });
    request
      .then(async ({ statusCode, headers, body }) => {
        const passed = Object.entries(headers).filter(([name]) => !hopByHop.has(name));
        res.writeHead(statusCode, Object.fromEntries(passed));
        await pipeline(body, res);
      })
      .catch(() => {
        if (res.headersSent) res.destroy();
        else res.writeHead(502).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.close().then(() => process.exit(0));
  });
  reportListening(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** @fastify/http-proxy on Fastify 5, with its defaults (undici underneath), logging off. */
async function serveFastifyProxy(originUrl: string, apiKey: string): Promise<void> {
  const app = Fastify({ logger: false });
  await app.register(fastifyHttpProxy, {
    upstream: originUrl,
    prefix: '/api',
    rewritePrefix: '/v3',
    replyOptions: {
      rewriteRequestHeaders: (_request, headers) => ({ ...headers, apikey: apiKey }),
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  reportListening(url);
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
const origin = roleArgument('origin') ?? '';
const apiKey = roleArgument('apikey') ?? '';
if (isMain && roleArgument('role') === 'undici') void serveUndiciProxy(origin, apiKey);
else if (isMain && roleArgument('role') === 'fastify') void serveFastifyProxy(origin, apiKey);
