import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface BannedPage {
  data: { uid: string }[];
  meta: { pagination: { total: number } };
}

test('a moderator pages through 250 banned users 100 per page and unbans one', async ({ page }) => {
  await signIn(page, 'moderator', '/groups');
  const groups = page.getByRole('table', { name: 'Groups' });
  await expect(groups.getByRole('row', { name: /Support Hub/ })).toBeVisible();
  await expectAccessible(page, 'groups list');

  await groups.getByRole('link', { name: 'Banned users of Support Hub' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Banned users of Support Hub' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Banned users per page' }).selectOption('100');
  await expect(page.getByText('1–100 of 250')).toBeVisible();
  const table = page.getByRole('table', { name: 'Banned users' });
  await expect(table.getByRole('row')).toHaveCount(101);

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('101–200 of 250')).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('201–250 of 250')).toBeVisible();
  await expect(page).toHaveURL(/\/groups\/support-hub\/banned\?page=3&perPage=100$/);
  await expect(table.getByRole('row')).toHaveCount(51);
  await expectAccessible(page, 'banned users, last page');

  // The page survives a reload: it lives in the URL.
  await page.reload();
  await expect(page.getByText('201–250 of 250')).toBeVisible();

  const uid =
    (await table
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .filter({ hasText: /^community-\d{4}$/ })
      .textContent()) ?? '';
  expect(uid).toMatch(/^community-\d{4}$/);
  await table.getByRole('button', { name: `Unban ${uid}` }).click();
  const dialog = page.getByRole('dialog', { name: /^Unban / });
  await expect(dialog).toContainText('Support Hub');
  await expectAccessible(page, 'unban confirm');
  await dialog.getByRole('button', { name: 'Unban user' }).click();
  await expect(page.getByText(`(${uid}) unbanned from Support Hub.`)).toBeVisible();
  await expect(page.getByText('201–249 of 249')).toBeVisible();
  await expect(table.getByText(uid, { exact: true })).toHaveCount(0);

  // The service stored it.
  const stored = await chatApi('GET', '/groups/support-hub/bannedusers?perPage=1000');
  const body = stored.json as BannedPage;
  expect(body.meta.pagination.total).toBe(249);
  expect(body.data.map((user) => user.uid)).not.toContain(uid);
});

test('a group without bans shows a designed empty state', async ({ page }) => {
  await signIn(page, 'moderator', '/groups/vip-lounge/banned');
  await expect(page.getByText('Nobody is banned')).toBeVisible();
  await expectAccessible(page, 'banned users, empty');
});
