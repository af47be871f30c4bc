import type { Browser, Cookie, Page } from '@playwright/test';
import { chatApi, consoleClient, expect, expectPageStarted, sessionOf, test } from './fixtures';

/**
 * A moderator's page in a browser with or without scripts, in a light or dark system scheme; with
 * `cookies`, those instead of a new moderator session.
 */
async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  options: { scripts: boolean; colorScheme: 'light' | 'dark'; cookies?: Cookie[] },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: options.scripts,
    colorScheme: options.colorScheme,
    reducedMotion: 'reduce',
  });
  await context.addCookies(options.cookies ?? (await sessionOf('moderator')));
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** `path` opened with scripts, and the `/api` calls (path and query) the page makes on the way in. */
async function openCountingCalls(browser: Browser, baseURL: string | undefined, path: string) {
  const page = await openAs(browser, baseURL, 'about:blank', {
    scripts: true,
    colorScheme: 'light',
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(`${pathname}${search}`);
  });
  await page.goto(path);
  await expectPageStarted(page);
  return { page, asked };
}

/** Where the page's heading, its line of context and the navigation are drawn. */
async function layoutOf(page: Page) {
  const box = async (selector: string) => page.locator(selector).first().boundingBox();
  return {
    heading: await box('main h1'),
    subtitle: await box('main h1 + p'),
    navigation: await box('nav[aria-label="Main"]'),
    background: await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    // The same styles under the same names: the SPA's style cache finds the drawn ones in place.
    headingClass: await page.locator('main h1').first().getAttribute('class'),
  };
}

test('the console server draws the shell and the heading before any script, in the boxes the page then takes', async ({
  browser,
  baseURL,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const drawn = await openAs(browser, baseURL, '/users', { scripts: false, colorScheme });
    await expect(drawn.locator('main h1')).toHaveText('Users');
    await expect(drawn.locator('main h1 + p')).toHaveText(
      'Find end users by uid or name; deactivate or reactivate them in bulk.',
    );
    await expect(drawn.getByText('mo · moderator')).toBeVisible();
    // The moderator's navigation, the page's link current; nothing of an admin's.
    const nav = drawn.locator('nav[aria-label="Main"]');
    await expect(nav.locator('a[aria-current="page"]')).toHaveText('Users');
    await expect(nav.locator('a[href="/operators"]')).toHaveCount(0);
    const before = await layoutOf(drawn);
    await drawn.context().close();

    const started = await openAs(browser, baseURL, '/users', { scripts: true, colorScheme });
    await expectPageStarted(started);
    await expect(started.getByRole('table')).toBeVisible();
    const after = await layoutOf(started);
    expect(after, colorScheme).toEqual(before);
    // The server's markup was replaced, not added to.
    await expect(started.locator('h1')).toHaveCount(1);
    await expect(started.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
    await started.context().close();
  }
});

/**
 * The styles the server drew the page with that are still in the body, and the style rules the
 * document holds twice (MUI's autofill keyframes aside, which it writes with every input's styles).
 */
const stylesLeftBehind = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const sheet of document.styleSheets)
      for (const rule of sheet.cssRules)
        if (!(rule instanceof CSSKeyframesRule))
          seen.set(rule.cssText, (seen.get(rule.cssText) ?? 0) + 1);
    return {
      inBody: document.querySelectorAll('body style[data-emotion^="css "]').length,
      twice: [...seen].filter(([, count]) => count > 1).map(([text]) => text),
    };
  });

test('the SPA takes over the styles the page was drawn with, however early its entry ran', async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, baseURL, '/users', { scripts: true, colorScheme: 'light' });
  await expectPageStarted(page);
  expect(await stylesLeftBehind(page), 'entry after the page').toEqual({ inBody: 0, twice: [] });
  // Again with the entry in the browser's cache and the page coming slowly: the entry has run
  // long before the page is in.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: 16 * 1024,
    uploadThroughput: -1,
  });
  await page.reload();
  await expectPageStarted(page);
  expect(await stylesLeftBehind(page), 'entry before the page').toEqual({ inBody: 0, twice: [] });
  await page.context().close();
});

test('nothing in the drawn shell answers a click before the page has started', async ({
  browser,
  baseURL,
}) => {
  const drawn = await openAs(browser, baseURL, '/users', { scripts: false, colorScheme: 'light' });
  await drawn.locator('nav[aria-label="Main"] a[href="/groups"]').click({ force: true });
  await expect(drawn).toHaveURL(/\/users$/);
  await drawn.keyboard.press('Tab');
  expect(await drawn.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  await drawn.context().close();
});

test('the scheme an operator picked is the first paint’s scheme, whatever the system’s', async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, baseURL, '/users', { scripts: true, colorScheme: 'light' });
  await expectPageStarted(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(dark).toBe('rgb(16, 18, 24)');
  const cookies = await page.context().cookies();
  await page.context().close();

  const still = await openAs(browser, baseURL, '/users', {
    scripts: false,
    colorScheme: 'light',
    cookies,
  });
  await expect(still.locator('main h1')).toHaveText('Users');
  expect(await still.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(dark);
  await still.context().close();
});

test("the users directory's answers come with its HTML, after its heading", async ({
  browser,
  baseURL,
}) => {
  const drawn = await openAs(browser, baseURL, '/users', { scripts: false, colorScheme: 'light' });
  await expect(drawn.locator('main h1')).toHaveText('Users');
  // The first paint is the heading; the rows are the SPA's to draw, from the answers sent with it.
  await expect(drawn.locator('main table')).toHaveCount(0);
  expect(await drawn.locator('#console-reads').textContent()).toContain('"uid"');
  await drawn.context().close();

  const { page: started, asked } = await openCountingCalls(browser, baseURL, '/users');
  await expect(started.locator('main table tbody tr').first()).toBeVisible();
  // Only the next page is asked for, read ahead: the shown page and the roles came with the HTML.
  expect(asked.filter((path) => !/^\/api\/users\?(.*&)?page=2(&|$)/.test(path))).toEqual([]);
  await started.context().close();
});

interface ListedMessages {
  data: { id: string; type: string; data: { text?: string } }[];
}

test('a page that needs its data comes drawn with it, and the SPA starts from the same answers', async ({
  browser,
  baseURL,
}) => {
  const { json } = await chatApi('GET', '/messages');
  const message = (json as ListedMessages).data.find((m) => m.type === 'text' && m.data.text);
  if (!message?.data.text) throw new Error('the demo data has no text message');
  const path = `/messages/${message.id}`;
  // A console server up for a while: the reads' modules are in (a read past its wait draws less).
  const warm = await consoleClient(await sessionOf('moderator'));
  expect((await warm.get(path)).ok()).toBe(true);
  await warm.dispose();

  const drawn = await openAs(browser, baseURL, path, { scripts: false, colorScheme: 'light' });
  await expect(drawn.locator('main h1')).toHaveText(`Message ${message.id}`);
  await expect(drawn.locator('main').getByText(message.data.text).first()).toBeVisible();
  await expect(drawn.locator('main').getByRole('heading', { name: 'Reactions' })).toBeVisible();
  await drawn.context().close();

  // With scripts: the message and its reactions are not asked for again on the way in.
  const { page: started, asked } = await openCountingCalls(browser, baseURL, path);
  await expect(started.locator('main').getByText(message.data.text).first()).toBeVisible();
  await expect(started.getByRole('button', { name: 'Delete…' })).toBeEnabled();
  expect(asked.filter((p) => p.startsWith(`/api/messages/${message.id}`))).toEqual([]);
  await started.context().close();
});
