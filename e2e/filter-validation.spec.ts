import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

const tooLong = 'a'.repeat(101);

/** The field says what is wrong beside it, as a screen reader hears it too. */
async function expectFieldError(field: Locator, message: RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

/** No "Select all N" (N > 0) can be pressed. */
async function expectNoSelectAll(page: Page) {
  const selectAll = page.getByRole('button', { name: /^Select all [1-9]/ });
  await expect(selectAll).toHaveCount(0);
}

test('a users search over 100 characters is said next to the field and lists nobody', async ({
  page,
}) => {
  await signIn(page, 'admin', '/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(26);
  await expect(page.getByRole('button', { name: /^Select all \d+ matching$/ })).toBeVisible();

  const search = page.getByRole('textbox', { name: 'Search by uid or name' });
  await search.fill(tooLong);
  await expectFieldError(search, /At most 100 characters/);
  await expect(page.getByText('Nothing is listed: a filter cannot be used')).toBeVisible();
  await expect(table).toHaveCount(0);
  await expectNoSelectAll(page);
  await expectAccessible(page, 'users directory with an unusable search');

  // A pasted link with the same search says the same.
  await page.goto(`/users?q=${tooLong}`);
  await expectFieldError(page.getByRole('textbox', { name: 'Search by uid or name' }), /At most/);
  await expect(page.getByText('Nothing is listed: a filter cannot be used')).toBeVisible();
  await expectNoSelectAll(page);

  // A valid search still narrows the list.
  await page.getByRole('textbox', { name: 'Search by uid or name' }).fill('amelia');
  await expect(page).toHaveURL(/\/users\?q=amelia$/);
  await expect(table.getByRole('link', { name: 'Amelia Hart' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search by uid or name' })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Select all 1 matching' })).toBeVisible();
});

test('a groups search over 100 characters is said next to the field and lists no group', async ({
  page,
}) => {
  await signIn(page, 'moderator', '/groups');
  const groups = page.getByRole('table', { name: 'Groups' });
  await expect(groups.getByRole('row', { name: /Support Hub/ })).toBeVisible();

  const search = page.getByRole('textbox', { name: 'Search by guid or name' });
  await search.fill(tooLong);
  await expectFieldError(search, /At most 100 characters/);
  await expect(page.getByText('Nothing is listed: a filter cannot be used')).toBeVisible();
  await expect(groups).toHaveCount(0);

  await search.fill('support');
  await expect(groups.getByRole('row', { name: /Support Hub/ })).toBeVisible();
  await expect(search).not.toHaveAttribute('aria-invalid', 'true');
});

for (const sender of ['kofi mensah', '../x']) {
  test(`the queue's sender filter "${sender}" is said next to the field and shows no item`, async ({
    page,
  }) => {
    await signIn(page, 'moderator', '/moderation/blocked');
    const list = page.getByRole('listbox', { name: 'Blocked messages' });
    await expect(list.getByRole('option')).toHaveCount(13);

    const field = page.getByRole('textbox', { name: 'Sender uid' });
    await field.fill(sender);
    // Said as it is typed, before Apply.
    await expectFieldError(field, /Only letters, digits/);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expectFieldError(field, /Only letters, digits/);
    await expect(page.getByText('Nothing is listed: a filter cannot be used')).toBeVisible();
    await expect(list).toHaveCount(0);
    await expectNoSelectAll(page);
    await expectAccessible(page, 'queue with an unusable sender filter');

    // A valid uid narrows the queue to that sender.
    await field.fill('chloe-martin');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/sender=chloe-martin/);
    await expect(list.getByRole('option').first()).toContainText('Chloé Martin');
    await expect(page.getByText('Nothing is listed: a filter cannot be used')).toHaveCount(0);
  });
}
