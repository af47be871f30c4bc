import { operators } from './env';
import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface MembersPage {
  data: { uid: string; scope: string }[];
}

test('a moderator kicks a member and changes another one’s scope; the admin’s audit log shows both @replicas', async ({
  page,
  browser,
}) => {
  await signIn(page, 'moderator', '/groups');
  await page
    .getByRole('table', { name: 'Groups' })
    .getByRole('link', { name: 'Members of Hiking Club' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Members of Hiking Club' }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('link', { name: 'lucas-silva' })).toBeVisible();
  await expectAccessible(page, 'group members');

  await table.getByRole('button', { name: 'Kick lucas-silva' }).click();
  const kick = page.getByRole('dialog', { name: 'Kick Lucas Silva from Hiking Club?' });
  await kick.getByRole('textbox', { name: /^Reason/ }).fill('Selling in the trip threads');
  await expectAccessible(page, 'kick confirm');
  await kick.getByRole('button', { name: 'Kick member' }).click();
  await expect(page.getByText('Lucas Silva (lucas-silva) kicked from Hiking Club.')).toBeVisible();
  await expect(table.getByRole('link', { name: 'lucas-silva' })).toHaveCount(0);

  await table.getByRole('button', { name: 'Change the scope of sofia-rossi' }).click();
  const scope = page.getByRole('dialog', { name: 'Change the scope of Sofia Rossi?' });
  await scope.getByRole('radio', { name: /^Moderator/ }).check();
  await scope.getByRole('textbox', { name: /^Reason/ }).fill('Leads the Sunday walks');
  await scope.getByRole('button', { name: 'Make moderator' }).click();
  await expect(
    page.getByText('Sofia Rossi (sofia-rossi) is now moderator of Hiking Club.'),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Scope' }).selectOption({ label: 'moderator' });
  await expect(page).toHaveURL(/\/groups\/hiking-club\/members\?scope=moderator$/);
  await expect(table.getByRole('link', { name: 'sofia-rossi' })).toBeVisible();

  // The service stored both.
  const stored = (await chatApi('GET', '/groups/hiking-club/members?perPage=100'))
    .json as MembersPage;
  expect(stored.data.find((member) => member.uid === 'lucas-silva')).toBeUndefined();
  expect(stored.data.find((member) => member.uid === 'sofia-rossi')?.scope).toBe('moderator');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', '/audit');
  const log = admin.getByRole('table', { name: 'Audit log' });
  const byModerator = log.getByRole('row').filter({ hasText: operators.moderator.username });
  await expect(byModerator.filter({ hasText: 'members.kick' })).toContainText('lucas-silva');
  await expect(byModerator.filter({ hasText: 'members.scope' })).toContainText('sofia-rossi');
  await adminContext.close();
});
