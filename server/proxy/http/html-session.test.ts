import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, testHost, type Harness } from '../test-support/harness';

let h: Harness;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-html-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Console</title></head><body><div id="root"></div></body></html>',
  );
  h = await createHarness({ deps: { staticDir: dir } });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (path: string, cookie?: string) =>
  h.app.request(path, { headers: { host: testHost, ...(cookie ? { cookie } : {}) } });
/** The session the HTML carries: the operator, null when signed out, undefined when it says nothing. */
const embedded = (html: string): unknown => {
  const found = /<script type="application\/json" id="console-session">(.*?)<\/script>/.exec(html);
  return found?.[1] === undefined ? undefined : JSON.parse(found[1]);
};

describe('the session in the HTML', () => {
  it('carries the signed-in operator, so the shell needs no session request', async () => {
    const res = await page('/moderation/blocked', h.cookies.moderator);
    const html = await res.text();
    expect(embedded(html)).toEqual({ username: 'moderator', role: 'moderator' });
    expect(html).not.toContain('href="/auth/me"');
  });

  it('says "signed out" without a session, and the sign-in page carries it too', async () => {
    for (const path of ['/users', '/sign-in']) {
      const html = await (await page(path)).text();
      expect(embedded(html), path).toBeNull();
      expect(html, path).not.toContain('href="/auth/me"');
    }
  });

  it('is kept by the browser alone, never by a shared cache, and never holds the API key', async () => {
    const res = await page('/', h.cookies.admin);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toBe('Cookie');
    expect(await res.text()).not.toContain(h.apiKey);
  });

  it('says nothing when the store cannot answer, and the page asks for the session itself', async () => {
    const outage = await createHarness({ deps: { staticDir: dir } });
    try {
      await outage.store.close();
      const res = await outage.app.request('/users', {
        headers: { host: testHost, cookie: outage.cookies.admin },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(embedded(html)).toBeUndefined();
      expect(html).toContain('<div id="root"></div></body></html>');
    } finally {
      await outage.close().catch(() => undefined);
    }
  });
});
