import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { createHtmlPage, pagesLoadedAhead, type EmbeddedSession } from './html-page';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'console-html-page-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" async src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
  );
});
// The page modules the console server loads ahead (html-page.ts) are in before the file ends:
// the worker goes on to other files, and may finish, while they load.
afterAll(async () => {
  await pagesLoadedAhead();
  rmSync(dir, { recursive: true, force: true });
});

it('sends the head and the entry at once, then the page and the session when the store has answered', async () => {
  let answer: (session: EmbeddedSession) => void = () => undefined;
  const session = new Promise<EmbeddedSession>((resolve) => (answer = resolve));
  const app = new Hono<AppEnv>();
  const page = createHtmlPage(dir, () => session);
  app.get('*', async (c) => (await page(c)) ?? c.notFound());

  const res = await app.request('/users');
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const first = await reader.read();
  expect(first.value).toContain('<script type="module" async src="/assets/index-e1.js"></script>');
  expect(first.value).not.toContain('console-session');
  expect(first.value?.endsWith('<body>')).toBe(true);

  answer({ username: 'ann', role: 'support' });
  let rest = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) rest += part.value;
  // The styles, the shell and the page's heading drawn inside #root, then the session.
  expect(rest).toMatch(/^<style data-emotion="[^"]+" data-s="">/);
  expect(rest.slice(rest.indexOf('<div id="root">'))).not.toContain('<style');
  expect(rest).toMatch(/<h1[^>]*>Users<\/h1>/);
  expect(rest).toContain('ann · support');
  expect(
    rest.endsWith(
      '</div><script type="application/json" id="console-session">{"username":"ann","role":"support"}</script></body></html>',
    ),
  ).toBe(true);
});

it("sends a page's heading while its reads are out, then their answers and the end", async () => {
  const held: (() => void)[] = [];
  // The page's reads wait until released, then answer as a service that refuses them.
  const read = () =>
    new Promise<Response>((resolve) =>
      held.push(() => resolve(new Response('{}', { status: 503 }))),
    );
  const app = new Hono<AppEnv>();
  const page = createHtmlPage(
    dir,
    () => Promise.resolve({ username: 'ann', role: 'support' }),
    undefined,
    () => read,
  );
  app.get('*', async (c) => (await page(c)) ?? c.notFound());

  const reader = (await app.request('/users'))
    .body!.pipeThrough(new TextDecoderStream())
    .getReader();
  await reader.read();
  const heading = await reader.read();
  expect(heading.value).toMatch(/<h1[^>]*>Users<\/h1>/);
  expect(
    heading.value?.endsWith(
      '</div><script type="application/json" id="console-session">{"username":"ann","role":"support"}</script>',
    ),
  ).toBe(true);
  expect(held.length).toBeGreaterThan(0);
  for (const release of held) release();
  let rest = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) rest += part.value;
  // Nothing answered: no answers block, and the SPA reads them itself.
  expect(rest).toBe('</body></html>');
});

it('without #root, draws nothing and still puts the session at the end of the body', async () => {
  const plain = mkdtempSync(join(tmpdir(), 'console-html-plain-'));
  try {
    writeFileSync(join(plain, 'index.html'), '<html><head></head><body><p>x</p></body></html>');
    const app = new Hono<AppEnv>();
    const page = createHtmlPage(plain, () => Promise.resolve({ username: 'ann', role: 'support' }));
    app.get('*', async (c) => (await page(c)) ?? c.notFound());
    expect(await (await app.request('/users')).text()).toBe(
      '<html><head></head><body><p>x</p><script type="application/json" id="console-session">{"username":"ann","role":"support"}</script></body></html>',
    );
  } finally {
    rmSync(plain, { recursive: true, force: true });
  }
});

it('compresses the HTML as the browser takes it, each part readable as soon as it is sent', async () => {
  const decoders = {
    br: (bytes: Uint8Array) =>
      brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }),
    gzip: (bytes: Uint8Array) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
  };
  for (const [accept, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0', 'gzip'],
  ] as const) {
    let answer: (session: EmbeddedSession) => void = () => undefined;
    const session = new Promise<EmbeddedSession>((resolve) => (answer = resolve));
    const app = new Hono<AppEnv>();
    const page = createHtmlPage(dir, () => session);
    app.get('*', async (c) => (await page(c)) ?? c.notFound());
    const res = await app.request('/users', { headers: { 'accept-encoding': accept } });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const reader = res.body!.getReader();
    const first = await reader.read();
    const received = [...(first.value ?? [])];
    // The head alone, before the session is known.
    expect(decoders[encoding](new Uint8Array(received)).toString().endsWith('<body>')).toBe(true);
    answer(null);
    for (let part = await reader.read(); !part.done; part = await reader.read())
      received.push(...part.value);
    const whole = decoders[encoding](new Uint8Array(received)).toString();
    expect(whole.startsWith('<!doctype html>')).toBe(true);
    expect(whole.endsWith('</body></html>')).toBe(true);
    expect(whole).toContain('<script type="application/json" id="console-session">null</script>');
  }
  const plain = await (async () => {
    const app = new Hono<AppEnv>();
    const page = createHtmlPage(dir, () => Promise.resolve(null));
    app.get('*', async (c) => (await page(c)) ?? c.notFound());
    return app.request('/users', { headers: { 'accept-encoding': 'identity' } });
  })();
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect((await plain.text()).startsWith('<!doctype html>')).toBe(true);
});
