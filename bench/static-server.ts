import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

const types: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a request path names inside `root`, or the app's index.html for anything else (client routes). */
export async function fileFor(root: string, requestUrl: string): Promise<string> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, 'http://localhost').pathname);
  } catch {
    pathname = '/';
  }
  const candidate = resolve(root, `.${pathname}`);
  const inside = candidate.startsWith(root + sep);
  return inside && (await isFile(candidate)) ? candidate : join(root, 'index.html');
}

/**
 * Serves a built app from `dir` on loopback, uncompressed, as the console server serves its own; each
 * file is read once and then answered from memory, so the disk is not part of a page load.
 */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = resolve(dir);
  const files = new Map<string, Buffer>();
  const read = async (path: string) => {
    const cached = files.get(path);
    if (cached) return cached;
    const body = await readFile(path);
    files.set(path, body);
    return body;
  };
  const server = createServer((req, res) => {
    fileFor(root, req.url ?? '/')
      .then(async (path) => {
        const body = await read(path);
        res.writeHead(200, {
          'content-type': types[extname(path)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
        });
        res.end(body);
      })
      .catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
}
