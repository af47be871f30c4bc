import {
  chatApi,
  expect,
  expectAccessible,
  expectPageStarted,
  resetEmulator,
  signIn,
  test,
} from './fixtures';
import { operators } from './env';

test.beforeEach(async () => {
  await resetEmulator();
});

interface BlockedList {
  data: { message: { id: string } }[];
}

test('support cannot approve a blocked message: refused, nothing forwarded, and the attempt is audited', async ({
  page,
  browser,
}) => {
  const pending = (await chatApi('GET', '/moderation/blocked-messages')).json as BlockedList;
  const id = pending.data[0]?.message.id;
  expect(id).toBeDefined();

  // A support operator, signed in, calls the approve operation directly with their session.
  await signIn(page, 'support', '/moderation/blocked');
  const attempt = await page.evaluate(async (messageId) => {
    const response = await fetch(`/api/moderation/blocked-messages/${messageId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'chat-admin-console' },
      body: JSON.stringify({ status: 'approved' }),
    });
    return { status: response.status, body: await response.text() };
  }, id ?? '');
  expect(attempt.status).toBe(403);
  expect(attempt.body).toContain('CONSOLE_FORBIDDEN');
  // The service never saw it: the message is still pending.
  const after = (await chatApi('GET', '/moderation/blocked-messages')).json as BlockedList;
  expect(after.data.map((item) => item.message.id)).toContain(id);

  // An admin finds the refused attempt, and their own actions, in the audit log.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', '/moderation/reasons');
  await admin.getByRole('button', { name: 'Edit spam' }).click();
  await admin
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Name' })
    .fill('Spam and unwanted content');
  await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Reason “Spam and unwanted content” saved.')).toBeVisible();

  await admin.getByRole('link', { name: 'Audit log' }).click();
  const log = admin.getByRole('table', { name: 'Audit log' });
  const refused = log
    .getByRole('row')
    .filter({ hasText: operators.support.username })
    .filter({ hasText: 'blocked.review' });
  await expect(refused).toContainText('403');
  await expect(refused).toContainText(`messageId ${id ?? ''}`);
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: 'reasons.update' })
      .filter({ hasText: operators.admin.username }),
  ).toContainText('200');
  // The scan is of the audit log, not of the "saved" toast over it: wait for the toast to close.
  await expect(admin.getByText('Reason “Spam and unwanted content” saved.')).toBeHidden();
  await expectAccessible(admin, 'audit log');

  // Filtering by operator narrows the log to that operator's entries.
  await admin.getByLabel('Operator').fill(operators.support.username);
  await admin.getByLabel('Operator').press('Enter');
  await expect(admin).toHaveURL(new RegExp(`operator=${operators.support.username}`));
  await expect(log.getByRole('row').filter({ hasText: operators.admin.username })).toHaveCount(0);
  await adminContext.close();
});

test('operators page lists the accounts for admins only', async ({ page }) => {
  await signIn(page, 'admin', '/operators');
  const table = page.getByRole('table', { name: 'Operators' });
  for (const operator of Object.values(operators)) {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: new RegExp(`^${operator.username}\\b`) }) });
    await expect(row).toContainText(new RegExp(operator.role, 'i'));
  }
  await expectAccessible(page, 'operators page');
  await page.getByRole('button', { name: 'Add operator' }).click();
  await expect(page.getByRole('dialog', { name: 'Add operator' })).toBeVisible();
  await expectAccessible(page, 'add operator dialog');
});

test('a moderator sees no audit log or operators in the navigation', async ({ page }) => {
  await signIn(page, 'moderator');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Blocked messages' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
});

test("a page's HTML names none of its chunks, and every chunk the page then loads is served", async ({
  page,
  request,
}) => {
  // The entry runs as soon as it arrives; the page's chunks come after the first paint.
  const html = await (await request.get('/moderation/blocked')).text();
  expect(html).toMatch(/<script async type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
  expect(html.slice(html.indexOf('<div id="root">'))).not.toContain('modulepreload');

  await signIn(page, 'moderator', '/');
  const chunks = new Map<string, Promise<number>>();
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js'))
      chunks.set(
        pathname,
        req.response().then((res) => res?.status() ?? 0),
      );
  });
  await page.goto('/users/u%201');
  await expectPageStarted(page);
  expect([...chunks.keys()].some((path) => /\/assets\/user-[\w-]+\.js$/.test(path))).toBe(true);
  for (const [path, status] of chunks) expect(await status, path).toBe(200);
  expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
});

test('the HTML carries the session: a page load asks no /auth/me', async ({ page }) => {
  await signIn(page, 'moderator', '/');
  const sessionChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/auth/me') sessionChecks.push(request.url());
  });
  await page.goto('/moderation/blocked');
  await expect(page.getByRole('heading', { level: 1, name: 'Blocked messages' })).toBeVisible();
  const queue = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(queue.getByRole('option').first()).toBeVisible();
  await expect(page.getByTestId('operator')).toHaveText(/moderator/);
  expect(sessionChecks).toEqual([]);
});
