import axe from 'axe-core';
import {
  test as base,
  expect,
  request as http,
  type APIRequestContext,
  type Browser,
  type Cookie,
  type Locator,
  type Page,
} from '@playwright/test';
import { canaryKey, e2eEnv, e2eStack, operators, type OperatorKey } from './env';

/** Wipes the emulator and seeds the demo data again, so each spec starts from the same state. */
export async function resetEmulator(): Promise<void> {
  const response = await fetch(`${e2eEnv.emulatorUrl}/__emulator/reset`, {
    method: 'POST',
    headers: { apikey: canaryKey, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok)
    throw new Error(`emulator reset failed: ${response.status} ${await response.text()}`);
}

/** Calls the chat service directly (as another client of the same app would), bypassing the console. */
export async function chatApi(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${e2eEnv.emulatorUrl}/v3${path}`, {
    method,
    headers: {
      apikey: canaryKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** The service's reviewed list, as far as the specs read it. */
interface Listed {
  data: { message: { id: string; data: { moderation?: { status?: string } } } }[];
}

/** The moderation status the service holds for a message, from its reviewed list. */
export async function decisionOf(id: string): Promise<string | undefined> {
  const { json } = await chatApi('GET', '/moderation/reviewed-messages');
  return (json as Listed).data.find((item) => item.message.id === id)?.message.data.moderation
    ?.status;
}

/**
 * A second operator in another browser, signed in on `path`. With `live: false` its live updates are
 * cut off (either queue's stream), so its list stays as loaded apart from its own polls.
 */
export async function secondBrowser(
  browser: Browser,
  who: OperatorKey,
  path: string,
  { live = true }: { live?: boolean } = {},
) {
  const context = await browser.newContext();
  if (!live)
    await context.route(
      (url) => url.pathname === '/console/queue/events',
      (route) => route.abort(),
    );
  const page = await context.newPage();
  await signIn(page, who, path);
  return { context, page };
}

/**
 * Marks a journey that proves something about replicas (live queue, claims, conflicts, sessions and
 * roles seen by another replica, idempotency…): `test('title', onBothStacks, async …)`. The replica
 * stack runs only these; the single-console stack runs every journey (decision 0039).
 */
export const onBothStacks = { tag: '@replicas' };

/**
 * Each operator's session, signed in once and kept for the run: every sign-in costs the console a
 * password hash (about a third of a second of its CPU). A journey that ends a session (signing out,
 * an admin ending them) makes the next `signIn` of that operator sign in again.
 */
const storedSessions = new Map<OperatorKey, Cookie[]>();

const consoleHeaders = { 'x-requested-with': 'chat-admin-console', origin: e2eEnv.consoleUrl };

/** The console server, called with `cookies` as a browser holding them would. */
export function consoleClient(cookies: Cookie[] = []): Promise<APIRequestContext> {
  return http.newContext({
    baseURL: e2eEnv.consoleUrl,
    extraHTTPHeaders: consoleHeaders,
    storageState: { cookies, origins: [] },
  });
}

/** The cookies of a live session of `who`: the kept one, or a new sign-in through the console. */
export async function sessionOf(who: OperatorKey): Promise<Cookie[]> {
  const client = await consoleClient(storedSessions.get(who));
  try {
    if (storedSessions.has(who) && (await client.get('/auth/me')).status() === 200)
      return storedSessions.get(who) ?? [];
    const { username, password } = operators[who];
    const answer = await client.post('/auth/login', { data: { username, password } });
    expect(answer.status(), `sign-in of ${username}`).toBe(200);
    const { cookies } = await client.storageState();
    storedSessions.set(who, cookies);
    return cookies;
  } finally {
    await client.dispose();
  }
}

/**
 * Signs `who` in (their kept session, or through the console's sign-in call) in the page's own
 * browser context, then opens `next` and waits for the shell to name them. Journeys about signing in
 * use `signInThroughForm`.
 */
export async function signIn(page: Page, who: OperatorKey, next = '/'): Promise<void> {
  const { username, role } = operators[who];
  await page.context().addCookies(await sessionOf(who));
  await page.goto(next);
  await expect(page.getByText(`${username} · ${role}`)).toBeVisible();
  await expectPageStarted(page);
}

/** The SPA has replaced the shell the console server drew (inert until then). */
export async function expectPageStarted(page: Page): Promise<void> {
  await expect(page.locator('#root [inert]')).toHaveCount(0);
}

/** Signs `who` in as a person does: opens `next`, is sent to the sign-in form, fills it in. */
export async function signInThroughForm(page: Page, who: OperatorKey, next = '/'): Promise<void> {
  const operator = operators[who];
  await page.goto(next);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${operator.username} · ${operator.role}`)).toBeVisible();
}

/**
 * Waits until no item of the queue is claimed by someone else: a claim of an earlier test's operator
 * ends 5 s after their browser closed (decision 0014), and auto-advance would pass over it meanwhile.
 */
export async function expectNoOthersClaims(page: Page): Promise<void> {
  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(list.getByRole('option').first()).toBeVisible();
  // The list may be drawn before the claims arrive, so the store is asked too. A claim a spec before
  // left goes once its browser's stream has been closed for the release grace (5 s).
  await expect.poll(() => othersClaims(page), { timeout: 15_000 }).toEqual([]);
  await expect(list.getByText(/\bis reviewing\b/)).toHaveCount(0);
}

/** The claims the console lists that the operator signed in on `page` does not hold. */
function othersClaims(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const headers = { 'x-requested-with': 'chat-admin-console' };
    const me = (await (await fetch('/auth/me', { headers })).json()) as { username: string };
    const answer = await fetch('/console/queue/claims', { headers });
    const { data } = (await answer.json()) as { data: { messageId: string; operator: string }[] };
    return data
      .filter((claim) => claim.operator !== me.username)
      .map((claim) => `${claim.operator} on ${claim.messageId}`);
  });
}

/**
 * Leaves the queue and gives back every claim the operator signed in on `page` holds. Needed where a
 * spec cuts a browser's live stream off: no stream of theirs ever ends, so nothing else releases their
 * claims before they expire, and the next spec would see them as someone else reviewing.
 */
export async function releaseOwnClaims(page: Page, who: OperatorKey): Promise<void> {
  await page.goto('/');
  const left = await page.evaluate(async (username) => {
    const headers = { 'x-requested-with': 'chat-admin-console' };
    const read = async () => {
      const answer = await fetch('/console/queue/claims', { headers });
      const { data } = (await answer.json()) as { data: { messageId: string; operator: string }[] };
      return data.filter((claim) => claim.operator === username);
    };
    for (const claim of await read())
      await fetch(`/console/queue/claims/${claim.messageId}`, { method: 'DELETE', headers });
    return (await read()).length;
  }, operators[who].username);
  expect(left).toBe(0);
}

/**
 * Types `text` into a user picker and picks the suggestion named `option`, once every suggestion
 * shown matches `text`: as a person clicks what they read, not a suggestion of the list from before
 * the search, which the search's answer is about to replace under the pointer.
 */
export async function pickUser(
  page: Page,
  picker: Locator,
  text: string,
  option: RegExp,
): Promise<void> {
  await picker.fill(text);
  const suggestions = page.getByRole('option');
  await expect(suggestions.first()).toBeVisible();
  await expect(suggestions.filter({ hasNotText: new RegExp(text, 'i') })).toHaveCount(0);
  await suggestions.filter({ hasText: option }).click();
}

/** The WCAG 2.1 A and AA rules. */
const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The rules whose result can change with the colour scheme alone (the DOM is the same in both). */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * axe's violations on what the page shows now: every WCAG 2.1 A and AA rule, or only the colour rules.
 * axe is put into the document once and run in the page itself: the console's pages have no frames.
 */
export async function axeViolations(
  page: Page,
  rules: 'all' | 'colour' = 'all',
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const runOnly =
    rules === 'all'
      ? { type: 'tag' as const, values: wcag21aa }
      : { type: 'rule' as const, values: colourRules };
  // Only the violations are collected and sent back: axe then keeps one example node of each rule
  // that passed instead of every node, and the page answers a few lines instead of every node's HTML.
  return page.evaluate(
    async (options) => {
      const results = await (window as unknown as { axe: typeof axe }).axe.run(document, options);
      // Each element with what axe found on it (for a contrast: the colours and the ratio it measured).
      const found = (node: axe.NodeResult) =>
        [node.target.join(' '), ...node.any.map((check) => check.message)].join(' — ');
      return results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.map(found).join(', ')}`,
      );
    },
    { runOnly, resultTypes: ['violations' as const] },
  );
}

/**
 * 0 axe violations (WCAG 2.1 A and AA) on what the page shows now: every rule in light, then the
 * colour rules again in dark, the only ones a colour scheme can change. A journey marked `@replicas`
 * shows the same screens on both stacks (one build, one seed): its run on the single console checks
 * them, its run on the replicas does not check them again.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colour transitions would let axe sample a control halfway between the two schemes. Added on both
  // stacks, so that the rest of the journey runs the same on each.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  if (e2eStack === 'replicas' && base.info().tags.includes('@replicas')) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(new RegExp(colorScheme));
    expect(
      await axeViolations(page, colorScheme === 'light' ? 'all' : 'colour'),
      `axe violations on ${screen} (${colorScheme})`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Every test watches what the browser receives, the API key must never be in it, and what the browser
 * reports: a Content-Security-Policy violation (an inline script, an eval probe) fails the test.
 */
export const test = base.extend<{ canary: string[]; cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('reportCspViolation', (what: string) => violations.push(what));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { reportCspViolation: (what: string) => void })
            .reportCspViolation;
          report(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    },
    { auto: true },
  ],
  canary: [
    async ({ page }, use) => {
      const leaks: string[] = [];
      page.on('response', (response) => {
        if (JSON.stringify(response.headers()).includes(canaryKey)) leaks.push(response.url());
        // The console's built files are scanned on disk by the canary step of `npm test`.
        const url = new URL(response.url());
        if (url.origin === e2eEnv.consoleUrl && url.pathname.startsWith('/assets/')) return;
        void response
          .text()
          .then((text) => {
            if (text.includes(canaryKey)) leaks.push(response.url());
          })
          .catch(() => undefined);
      });
      await use(leaks);
      expect(leaks, 'responses that carried the API key').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Creates `users` users `<prefix>-000001…` at once, each reacting to `reactionsOn` when given. */
export async function scaleEmulator(body: {
  users: number;
  prefix?: string;
  reactionsOn?: string;
}): Promise<void> {
  const response = await fetch(`${e2eEnv.emulatorUrl}/__emulator/scale`, {
    method: 'POST',
    headers: { apikey: canaryKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`emulator scale failed: ${response.status} ${await response.text()}`);
}

/**
 * Where a documentation screenshot goes: the run's own output, or `docs/` when the README's pictures
 * are being renewed on purpose (`DOC_SCREENSHOTS=1 npx playwright test`), so a test run never rewrites
 * a committed file.
 */
export function screenshotPath(name: string): string {
  return process.env.DOC_SCREENSHOTS === '1' ? `docs/${name}` : `test-results/${name}`;
}
