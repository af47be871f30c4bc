import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialJsOf } from './anchor-apps';
import { serveStatic, type StaticServer } from './static-server';

let dir: string;
let server: StaticServer;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'static-server-test-'));
  dir = join(root, 'app');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/shared.js">',
  );
  writeFileSync(join(dir, 'assets', 'entry.js'), 'import "./shared.js";');
  writeFileSync(join(dir, 'assets', 'shared.js'), 'export const shared = 1;');
  writeFileSync(join(dir, 'assets', 'lazy.js'), 'export const lazy = 2;'.repeat(100));
  writeFileSync(join(dir, 'rows.json'), '[{"uid":"a"}]');
  // A file beside the app's folder, which no request may reach.
  writeFileSync(join(root, 'secret.txt'), 'not served');
  server = await serveStatic(dir);
});

afterAll(async () => {
  await server.close();
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('serveStatic', () => {
  it('serves the files of the app with their types', async () => {
    const script = await fetch(`${server.url}/assets/entry.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('import "./shared.js";');
    const json = await fetch(`${server.url}/rows.json`);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(await json.json()).toEqual([{ uid: 'a' }]);
  });

  it('answers a client route or a missing file with index.html', async () => {
    for (const path of ['/', '/settings', '/users/a/b', '/assets/missing.js']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('/assets/entry.js');
    }
  });

  it('does not serve a file outside its folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const text = await (await fetch(`${server.url}${path}`)).text();
      expect(text).not.toContain('not served');
      expect(text).toContain('/assets/entry.js');
    }
  });
});

describe('initialJsOf', () => {
  it('counts the JS index.html loads, entry and module preloads, and not the lazy chunks', () => {
    const gzipped = (file: string) =>
      gzipSync(readFileSync(join(dir, 'assets', file)), { level: 6 }).length;
    expect(initialJsOf(dir)).toBe(gzipped('entry.js') + gzipped('shared.js'));
  });
});
