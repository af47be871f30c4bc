import {
  chatApi,
  expect,
  expectAccessible,
  resetEmulator,
  signIn,
  signInThroughForm,
  test,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

test('home shows how many blocked messages wait and leads to the queue', async ({ page }) => {
  await signInThroughForm(page, 'moderator');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const pending = page.getByRole('region', { name: 'Blocked messages' });
  await expect(pending).toContainText('13 pending messages');
  await expect(pending).toContainText(/Oldest blocked .+ ago/);
  await expect(page.getByRole('region', { name: 'Your shortcuts' })).toBeVisible();
  await expectAccessible(page, 'home (moderator)');

  await pending.getByRole('link', { name: 'Open the review queue' }).click();
  await expect(page).toHaveURL(/\/moderation\/blocked$/);
  await expect(
    page.getByRole('listbox', { name: 'Blocked messages' }).getByRole('option'),
  ).toHaveCount(13);

  // Back home after another client reviewed one: the count follows the service.
  await chatApi('PATCH', '/moderation/blocked-messages/192', {
    status: 'rejected',
    reviewed: true,
  });
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(pending).toContainText('12 pending messages');
});

test('an admin sees recent operator actions and quick links for their role', async ({ page }) => {
  await signIn(page, 'admin', '/moderation/blocked');
  await expect(
    page.getByRole('listbox', { name: 'Blocked messages' }).getByRole('option'),
  ).toHaveCount(13);
  await page.keyboard.press('r');
  await expect(
    page.getByText('Rejected message 192 from Chloé Martin: it stays blocked.'),
  ).toBeVisible();
  // Let the toast go first: the check below is about the home page.
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('region', { name: 'Blocked messages' })).toContainText(
    '12 pending messages',
  );
  const recent = page.getByRole('region', { name: 'Recent operator actions' });
  await expect(recent).toContainText(
    'ada reviewed a blocked message (messageId 192 · status rejected)',
  );
  const links = page.getByRole('region', { name: 'Quick links' });
  await expect(links.getByRole('link', { name: 'Role permissions' })).toBeVisible();
  await expectAccessible(page, 'home (admin)');
});

test('on the first screens of a fresh start (home, queue, users) nothing is older than 60 days', async ({
  page,
}) => {
  const sixtyDays = 60 * 24 * 60 * 60 * 1000;
  /** Every date the page shows, machine-readable in its `<time datetime>`. */
  const shownDates = async () =>
    (
      await page
        .locator('main time[datetime]')
        .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
    ).map((iso) => Date.parse(iso));
  const expectRecent = async (screen: string) => {
    const dates = await shownDates();
    expect(dates.length, `${screen} shows dates`).toBeGreaterThan(0);
    const now = Date.now();
    for (const date of dates)
      expect(now - date, `${screen}: ${new Date(date).toISOString()}`).toBeLessThan(sixtyDays);
  };

  await signIn(page, 'admin');
  const pending = page.getByRole('region', { name: 'Blocked messages' });
  await expect(pending).toContainText('13 pending messages');
  // Held in the last days, not a year ago.
  await expect(pending).toContainText(
    /Oldest blocked (\d+ (minutes?|hours?) ago|yesterday|[2-6] days ago)/,
  );
  await expectRecent('home');

  await page.getByRole('link', { name: 'Open the review queue' }).click();
  await expect(
    page.getByRole('listbox', { name: 'Blocked messages' }).getByRole('option'),
  ).toHaveCount(13);
  await expectRecent('the queue');

  await page.goto('/users');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  await expectRecent('users');
});
