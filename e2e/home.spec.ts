import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

test('home shows how many blocked messages wait and leads to the queue', async ({ page }) => {
  await signIn(page, 'moderator');
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
