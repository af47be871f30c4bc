import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../precompress';
import { createHarness, testHost, type Harness } from '../test-support/harness';
import { pagesLoadedAhead } from './html-page';

let h: Harness;
let dir: string;
/** A built page chunk large enough to be worth compressing. */
const page = Array.from({ length: 200 }, (_, i) => `export const row${i} = 'row ${i}';`).join('\n');
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Console</title></head><body></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'page-p1.js'), page);
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  // A dot folder, as a build tool's manifest or cache would be.
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  await precompress(dir);
  h = await createHarness({ deps: { staticDir: dir } });
});
// The page modules the console server loads ahead (html-page.ts) are in before the file ends:
// the worker goes on to other files, and may finish, while they load.
afterAll(async () => {
  await pagesLoadedAhead();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => h.app.request(path, { headers: { host: testHost } });
const csp =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

describe('serving the SPA', () => {
  it('serves index.html for client routes, revalidated, with the security headers', async () => {
    for (const path of ['/', '/moderation/blocked', '/users/ann', '/sign-in']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>Console</title>');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('content-security-policy')).toBe(csp);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('never serves dot files or folders', async () => {
    expect((await get('/.vite/manifest.json')).status).toBe(404);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the copy the browser accepts, Brotli first, and the file itself to one that accepts none', async () => {
    const as = (encoding: string) =>
      h.app.request('/assets/page-p1.js', {
        headers: { host: testHost, 'accept-encoding': encoding },
      });
    const br = await as('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(page.length / 4);
    expect(brotliDecompressSync(brBody).toString()).toBe(page);
    const gz = await as('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);
    const plain = await as('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
    // Files under 1 KiB gain nothing from a copy: sent as they are.
    const tiny = await h.app.request('/assets/index-abc123.js', {
      headers: { host: testHost, 'accept-encoding': 'br' },
    });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1)');
  });

  it('keeps a hashed file in memory once read, and reads a range or a new file from disk', async () => {
    const file = join(dir, 'assets', 'kept-k1.js');
    writeFileSync(file, 'export const kept = 1;');
    expect(await (await get('/assets/kept-k1.js')).text()).toBe('export const kept = 1;');
    // A hashed name never changes content while the server runs: what was read is what is sent.
    writeFileSync(file, 'export const kept = 2;');
    const again = await get('/assets/kept-k1.js');
    expect(again.headers.get('content-length')).toBe('22');
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await again.text()).toBe('export const kept = 1;');
    const head = await h.app.request('/assets/kept-k1.js', {
      method: 'HEAD',
      headers: { host: testHost },
    });
    expect(head.headers.get('content-length')).toBe('22');
    expect(await head.text()).toBe('');
    const range = await h.app.request('/assets/kept-k1.js', {
      headers: { host: testHost, range: 'bytes=20-' },
    });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('2;');
    // A file that was missing is looked for again.
    expect((await get('/assets/later-l1.js')).status).toBe(404);
    writeFileSync(join(dir, 'assets', 'later-l1.js'), 'export {};');
    expect(await (await get('/assets/later-l1.js')).text()).toBe('export {};');
  });

  it('answers 404 for missing files and for unknown API-like paths, never the SPA', async () => {
    for (const path of [
      '/assets/missing.js',
      '/robots.txt',
      '/auth/unknown',
      '/console/unknown',
      '/console',
      '/api',
    ]) {
      const res = await h.app.request(path, {
        headers: { host: testHost, cookie: h.cookies.admin },
      });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });

  it('does not serve files outside the build directory', async () => {
    const res = await get('/assets/..%2f..%2fetc%2fpasswd');
    expect(res.status).toBe(400);
  });
});
