import { expect, pickUser, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

// The Messages page and the user page both read "a user", in two different shapes (the plain user, and
// the user found among the deactivated ones). Each shape has its own cache key, so visiting one page
// after the other within the same session never hands a page the other's data.
test('a user chosen on the Messages page opens on the Users page without error', async ({
  page,
}) => {
  await signIn(page, 'admin', '/messages?view=browse');
  await pickUser(page, page.getByRole('combobox', { name: 'First user' }), 'amelia', /Amelia Hart/);
  await expect(page).toHaveURL(/amelia-hart/);
  await expect(page.getByRole('combobox', { name: 'First user' })).toHaveValue(
    'Amelia Hart (amelia-hart)',
  );

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  await page.getByRole('textbox', { name: 'Search by uid or name' }).fill('amelia');
  await page
    .getByRole('table', { name: 'Users' })
    .getByRole('link', { name: 'Amelia Hart' })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Amelia Hart' })).toBeVisible();
  await expect(page.getByText('amelia-hart', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});
