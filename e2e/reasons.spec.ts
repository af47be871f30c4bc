import {
  chatApi,
  expect,
  expectAccessible,
  resetEmulator,
  signIn,
  test,
  screenshotPath,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

test('a moderator edits a reason name; bad names are refused next to the field', async ({
  page,
}) => {
  await signIn(page, 'moderator', '/moderation/reasons');
  const table = page.getByRole('table', { name: 'Moderation reasons' });
  await expect(table.getByRole('row', { name: /^spam/ })).toContainText('Default');
  await expectAccessible(page, 'reasons page');

  await page.getByRole('button', { name: 'Edit sexual' }).click();
  const dialog = page.getByRole('dialog');
  const name = dialog.getByRole('textbox', { name: 'Name' });

  // An empty name and a 101-character name are refused in place, and nothing is sent.
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') writes.push(request.url());
  });
  await name.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expectAccessible(page, 'reason form with a validation error');
  await name.fill('x'.repeat(101));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name must be at most 100 characters')).toBeVisible();
  expect(writes).toEqual([]);

  await name.fill('Sexual or explicit content');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reason “Sexual or explicit content” saved.')).toBeVisible();
  await expect(table.getByRole('row', { name: /^sexual/ })).toContainText(
    'Sexual or explicit content',
  );

  // The service stored it: another client sees the new name, and so does a reload.
  const stored = await chatApi('GET', '/moderation/reasons/sexual');
  expect(stored.json).toMatchObject({ data: { name: 'Sexual or explicit content' } });
  await page.reload();
  await expect(table.getByRole('row', { name: /^sexual/ })).toContainText(
    'Sexual or explicit content',
  );
  await page.screenshot({ path: screenshotPath('screenshot-reasons.png') });
});

test('the shell is accessible and navigable in both themes', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page, 'home');
  await page.getByRole('link', { name: 'Reasons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation reasons' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'not found page');
});
