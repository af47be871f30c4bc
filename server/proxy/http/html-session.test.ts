import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import {
  createEmulatorHarness,
  createHarness,
  testHost,
  type EmulatorHarness,
  type Harness,
} from '../test-support/harness';
import { pageReadsAs } from './page-reads';
import { pagesLoadedAhead } from './html-page';

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
// The page modules the console server loads ahead (html-page.ts) are in before the file ends:
// the worker goes on to other files, and may finish, while they load.
afterAll(async () => {
  await pagesLoadedAhead();
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
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
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

/** What the HTML draws inside `#root` before any script runs. */
const firstPaint = (html: string): string =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ??
  /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ??
  '';
const links = (markup: string) => [...markup.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('the first paint in the HTML', () => {
  it("draws the shell with the navigation of the operator's role and the page's heading", async () => {
    const moderator = firstPaint(
      await (await page('/moderation/blocked', h.cookies.moderator)).text(),
    );
    expect(moderator).toMatch(/<h1[^>]*>Blocked messages<\/h1>/);
    expect(moderator).toContain('Messages a moderation rule held back.');
    expect(moderator).toContain('moderator · moderator');
    expect(moderator).toMatch(/<a [^>]*href="\/moderation\/blocked" aria-current="page"/);
    expect(links(moderator)).toContain('/moderation/insights');
    expect(links(moderator)).not.toContain('/operators');
    expect(links(moderator)).not.toContain('/audit');

    const admin = firstPaint(await (await page('/', h.cookies.admin)).text());
    expect(admin).toMatch(/<h1[^>]*>Home<\/h1>/);
    expect(admin).toContain('What needs attention, admin.');
    expect(links(admin)).toEqual(expect.arrayContaining(['/operators', '/audit', '/chat-service']));

    const support = firstPaint(await (await page('/users', h.cookies.support)).text());
    expect(links(support)).not.toContain('/moderation/insights');
  });

  it('puts every style before #root, the dark scheme under the system preference too', async () => {
    const html = await (await page('/users', h.cookies.admin)).text();
    const styles = html.slice(
      html.indexOf('<body>') + '<body>'.length,
      html.indexOf('<div id="root">'),
    );
    expect(styles.startsWith('<style data-emotion="css-global ')).toBe(true);
    expect(styles).toContain('@media (prefers-color-scheme: dark){:root:not(.light){');
    expect(firstPaint(html)).not.toContain('<style');
    // Written without vendor prefixes, which no supported browser needs.
    expect(styles).toContain('display:inline-flex');
    expect(styles).not.toContain('display:-webkit-');
  });

  it('draws a heading that needs its data as far as the path tells, with the path escaped', async () => {
    // An id the service cannot have is not asked for: the page says so at once.
    const message = firstPaint(await (await page('/messages/%3Cb%3E1', h.cookies.admin)).text());
    expect(message).toContain('No message “&lt;b&gt;1”');
    const user = firstPaint(await (await page('/users/amelia-hart', h.cookies.admin)).text());
    expect(user).toContain('Chat Admin Console');
    expect(user).not.toContain('<h1');
  });

  it("draws in the scheme the operator picked, and in the system's without a valid pick", async () => {
    const withScheme = async (value: string) =>
      /<html[^>]*>/.exec(
        await (await page('/users', `${h.cookies.admin}; console-scheme=${value}`)).text(),
      )?.[0];
    expect(await withScheme('dark')).toBe('<html class="dark">');
    expect(await withScheme('light')).toBe('<html class="light">');
    expect(await withScheme('%22%3E%3Cscript%3E')).toBe('<html>');
    expect(await withScheme('system')).toBe('<html>');
  });

  it('draws nothing for nobody or on the sign-in page', async () => {
    expect(await (await page('/users')).text()).toContain('<div id="root"></div>');
    expect(await (await page('/sign-in', h.cookies.admin)).text()).toContain(
      '<div id="root"></div>',
    );
  });
});

/** The answers of the page's first reads the HTML carries, by the first parts of their keys. */
const readsOf = (html: string): { queryKey: unknown[]; state: { data: unknown } }[] => {
  const found = /<script type="application\/json" id="console-reads">(.*?)<\/script>/.exec(html);
  return found?.[1] === undefined
    ? []
    : (JSON.parse(found[1]) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] })
        .queries;
};

describe('a page drawn with its data', () => {
  let e: EmulatorHarness;
  beforeAll(async () => {
    e = await createEmulatorHarness({ staticDir: dir });
  });
  afterAll(async () => {
    await e.close();
  });
  const pageOn = (path: string, cookie: string) =>
    e.app.request(path, { headers: { host: testHost, cookie } });

  it('reads the message and its reactions as the operator, draws them, and sends the answers along', async () => {
    const [row] = e.emulatorStore.db
      .prepare(
        `select id, data from messages where type = 'text' and deleted_at is null order by id limit 1`,
      )
      .all() as { id: number; data: string }[];
    if (!row) throw new Error('no text message in the seeded data');
    const text = (JSON.parse(row.data) as { text: string }).text;
    const html = await (await pageOn(`/messages/${row.id}`, e.cookies.support)).text();
    expect(firstPaint(html)).toContain(`>Message ${row.id}</h1>`);
    expect(firstPaint(html)).toContain(text.replaceAll('&', '&amp;').replaceAll('<', '&lt;'));
    const reads = readsOf(html);
    expect(reads.map((r) => r.queryKey.slice(0, 2))).toEqual([
      ['messages', 'detail'],
      ['reactions', 'list'],
    ]);
    expect(reads[0]?.state.data).toMatchObject({ id: String(row.id) });
    expect(html).not.toContain(e.apiKey);
    expect(html).not.toContain('emulator-key');
    // Each read was the operator's own, logged as any read from the browser is.
    const logged = e.lines
      .map((line) => JSON.parse(line) as { path?: string; operator?: string; status?: number })
      .filter((line) => line.path?.startsWith(`/api/messages/${row.id}`));
    expect(logged.map((l) => [l.operator, l.status])).toEqual([
      ['support', 200],
      ['support', 200],
    ]);
  });

  it('draws each page that names its first reads whole, with their answers', async () => {
    const one = (sql: string) =>
      (e.emulatorStore.db.prepare(sql).get() as { value: string | number }).value;
    const user = one('select uid as value from users order by uid limit 1');
    const role = one('select role as value from roles order by role limit 1');
    // What only the page's own component writes, beside the shell and the heading.
    const pages: [string, string][] = [
      ['/', 'Recent operator actions'],
      [`/users/${user}`, 'Banned from groups'],
      [`/roles/${role}`, 'Review and save'],
      [
        `/messages/${one("select id as value from messages where type = 'text' and deleted_at is null order by id limit 1")}`,
        'Reactions',
      ],
    ];
    for (const [path, drawnByPage] of pages) {
      const html = await (await pageOn(path, e.cookies.admin)).text();
      expect(readsOf(html).length, path).toBeGreaterThan(0);
      expect(firstPaint(html), path).toContain(drawnByPage);
    }
  });

  it("reads what the operator's role shows on home, and nothing it does not", async () => {
    const keys = async (role: 'admin' | 'support') =>
      readsOf(await (await pageOn('/', e.cookies[role])).text()).map((r) => r.queryKey[0]);
    expect(await keys('admin')).toEqual(
      expect.arrayContaining(['insights', 'blocked-messages', 'flagged-messages', 'audit']),
    );
    const support = await keys('support');
    expect(support).toContain('blocked-messages');
    expect(support).not.toContain('audit');
    expect(support).not.toContain('insights');
  });

  it('keeps the reads of pages drawn at once apart, each as its own operator', async () => {
    const [admin, support] = await Promise.all([
      (async () => (await pageOn('/', e.cookies.admin)).text())(),
      (async () => (await pageOn('/', e.cookies.support)).text())(),
    ]);
    expect(readsOf(admin).map((r) => r.queryKey[0])).toContain('audit');
    expect(readsOf(support).map((r) => r.queryKey[0])).not.toContain('audit');
    const audits = e.lines
      .map((line) => JSON.parse(line) as { path?: string; operator?: string })
      .filter((line) => line.path === '/console/audit');
    expect(new Set(audits.map((line) => line.operator))).toEqual(new Set(['admin']));
  });

  it('asks each read with the role check of a read from the browser', async () => {
    // A page's request, from which a read of the audit trail is asked.
    const probe = new Hono<AppEnv>().get('/', async (c) =>
      c.json({ status: (await pageReadsAs(e.app)(c)('/console/audit', {})).status }),
    );
    const asking = async (role: 'admin' | 'support') =>
      (await (
        await probe.request('/', { headers: { host: testHost, cookie: e.cookies[role] } })
      ).json()) as { status: number };
    expect(await asking('support')).toEqual({ status: 403 });
    expect(await asking('admin')).toEqual({ status: 200 });
  });
});

describe('a page whose data does not come', () => {
  it('is drawn with its heading alone when a read fails or outlasts the wait, and nothing is sent along', async () => {
    for (const reply of [() => ({ status: 500 }), () => 'hang' as const]) {
      h.upstream.setReply(reply);
      const html = await (await page('/messages/42', h.cookies.moderator)).text();
      expect(firstPaint(html)).toMatch(/<h1[^>]*>Message 42<\/h1>/);
      expect(firstPaint(html)).not.toContain('Reactions');
      expect(readsOf(html)).toEqual([]);
      expect(embedded(html)).toEqual({ username: 'moderator', role: 'moderator' });
    }
    h.upstream.release();
    h.upstream.setReply(() => ({}));
  });
});
