import { expect, expectAccessible, signIn, signInThroughForm, test } from './fixtures';
import { operators } from './env';

test('an operator added by an admin chooses their own password at first sign-in @replicas', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/operators');
  await page.getByRole('button', { name: 'Add operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add operator' });
  await dialog.getByRole('textbox', { name: /username/i }).fill('kim');
  await dialog.getByLabel(/initial password/i).fill('given out by the admin');
  await dialog.getByRole('button', { name: 'Add operator' }).click();
  const table = page.getByRole('table', { name: 'Operators' });
  await expect(table.getByRole('cell', { name: 'kim · initial password' })).toBeVisible();

  const context = await browser.newContext();
  try {
    const kim = await context.newPage();
    await kim.goto('/moderation/reasons');
    await kim.getByLabel('Username').fill('kim');
    await kim.getByLabel('Password').fill('given out by the admin');
    await kim.getByRole('button', { name: 'Sign in' }).click();
    await expect(kim.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(kim).toHaveURL(/\/change-password\?next=%2Fmoderation%2Freasons$/);
    // The pointer stays where Sign in was clicked; axe judges the page at rest, not a hovered button.
    await kim.mouse.move(0, 0);
    await expectAccessible(kim, 'choose your password');

    // Everything else is refused by the console server until the password is the operator's own.
    const refused = await kim.request.get('/api/moderation/reasons', {
      headers: { 'x-requested-with': 'chat-admin-console' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'CONSOLE_PASSWORD_CHANGE_REQUIRED' },
    });

    const password = kim.getByLabel('New password', { exact: true });
    const repeat = kim.getByLabel('Repeat the new password');
    await password.fill('passwordpassword');
    await repeat.fill('passwordpassword');
    await kim.getByRole('button', { name: 'Set password' }).click();
    await expect(password).toHaveAccessibleDescription(
      'This is one of the 10,000 most common passwords; choose another',
    );
    await password.fill('a passphrase only I know');
    await repeat.fill('a passphrase only I know');
    await kim.getByRole('button', { name: 'Set password' }).click();
    await expect(kim.getByRole('heading', { name: 'Moderation reasons' })).toBeVisible();
    await expect(kim.getByText('kim · support')).toBeVisible();
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(table.getByRole('cell', { name: 'kim', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'kim · initial password' })).toHaveCount(0);
});

test('an admin revokes a session: that browser is asked to sign in again at its next request @replicas', async ({
  page,
  browser,
}) => {
  const context = await browser.newContext();
  try {
    const moderator = await context.newPage();
    // A session of its own, the newest of the moderator's.
    await signInThroughForm(moderator, 'moderator', '/moderation/reasons');
    await expect(moderator.getByRole('heading', { name: 'Moderation reasons' })).toBeVisible();

    await signIn(page, 'admin', '/operators');
    const { username } = operators.moderator;
    await page.getByRole('button', { name: new RegExp(`sessions? of ${username}$`) }).click();
    const dialog = page.getByRole('dialog', { name: `Sessions of ${username}` });
    // Most recently seen first: the browser that just signed in.
    const newest = dialog.getByRole('listitem').first();
    await expect(newest).toContainText(/Chrome \d+/);
    await newest.getByRole('button', { name: /^Revoke / }).click();
    await expect(
      page.getByText(
        `Session of ${username} revoked: that browser is signed out at its next request.`,
      ),
    ).toBeVisible();

    // Asked to sign in again on the page it went to, which stays (decision 0026).
    await moderator.getByRole('link', { name: 'Groups' }).click();
    await expect(moderator.getByRole('dialog', { name: 'Your session has ended' })).toBeVisible();
    await expect(moderator).toHaveURL(/\/groups$/);
    await expect(moderator.getByTestId('operator')).toHaveText('Signed out');
  } finally {
    await context.close();
  }
});
