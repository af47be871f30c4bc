import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

test('an admin restricts sending on the default role, reviews the diff, saves, and it persists', async ({ page }) => {
  await signIn(page, 'admin', '/roles');
  const roles = page.getByRole('table', { name: 'Roles' });
  await expect(roles.getByRole('row', { name: /^default / })).toContainText('3 keys');
  await expectAccessible(page, 'roles list');

  await roles.getByRole('link', { name: 'default' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Role “Default Role”' })).toBeVisible();
  const send = page.getByRole('switch', { name: 'sendMessage' });
  const types = page.getByRole('group', { name: 'sendMessage.allowedMessageTypes' });
  await expect(send).toBeChecked();
  await expectAccessible(page, 'permission editor');

  await send.click();
  for (const type of ['audio', 'video', 'file']) await types.getByRole('checkbox', { name: type }).uncheck();
  await expect(page.getByText('2 unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Review and save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save 2 changes to role “default”?' });
  const diff = dialog.getByRole('table', { name: 'Changes to save' });
  await expect(diff.getByRole('row', { name: /^sendMessage / })).toContainText('allowdeny');
  await expect(diff.getByRole('row', { name: /^sendMessage\.allowedMessageTypes / })).toContainText('text, image, audio, video, filetext, image');
  await expect(diff.getByRole('row')).toHaveCount(3);
  await expectAccessible(page, 'diff dialog');

  await dialog.getByRole('button', { name: 'Save 2 changes' }).click();
  const results = page.getByRole('table', { name: 'Save results' });
  await expect(results.getByRole('row', { name: /^sendMessage / })).toContainText('mapped successfully to role default');
  await expect(results.getByRole('row', { name: /^sendMessage\.allowedMessageTypes / })).toContainText('Saved');

  const stored = await chatApi('GET', '/roles/default');
  expect(stored.json).toMatchObject({
    data: { permissions: { sendMessage: 'deny', 'sendMessage.allowedMessageTypes': ['text', 'image'], 'listUsers.mode': 'friends' } },
  });

  await page.reload();
  await expect(send).not.toBeChecked();
  for (const type of ['text', 'image']) await expect(types.getByRole('checkbox', { name: type })).toBeChecked();
  for (const type of ['audio', 'video', 'file']) await expect(types.getByRole('checkbox', { name: type })).not.toBeChecked();

  await page.getByRole('tab', { name: 'JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Permission map (JSON)' });
  await expect(json).toHaveValue(/"sendMessage": "deny"/);
  await expectAccessible(page, 'JSON view');
  await json.fill('{"sendMessage": ');
  await page.getByRole('button', { name: 'Apply JSON to the editor' }).click();
  await expect(page.getByText(/The JSON does not parse/)).toBeVisible();
  await expectAccessible(page, 'JSON view with a parse error');
});

test('a change made on the service between loading and saving is detected and not overwritten', async ({ page }) => {
  await signIn(page, 'admin', '/roles/manager');
  const groupTypes = page.getByRole('group', { name: 'createGroup.allowedGroupTypes' });
  await groupTypes.getByRole('checkbox', { name: 'password' }).check();
  await page.getByRole('switch', { name: 'joinGroup' }).click();

  // Someone else changes the same role directly on the service.
  const theirs = await chatApi('PUT', '/roles/manager/permissions', {
    permissions: { 'createGroup.allowedGroupTypes': ['public'], 'listUsers.mode': 'friends' },
  });
  expect(theirs.status).toBe(200);

  await page.getByRole('button', { name: 'Review and save' }).click();
  await page.getByRole('dialog', { name: 'Save 2 changes to role “manager”?' }).getByRole('button', { name: 'Save 2 changes' }).click();
  const conflict = page.getByRole('dialog', { name: 'Role “manager” changed on the service' });
  const incoming = conflict.getByRole('table', { name: 'Incoming changes' });
  await expect(incoming.getByRole('row', { name: /^createGroup\.allowedGroupTypes / })).toContainText('Conflict: both changed');
  await expect(incoming.getByRole('row', { name: /^listUsers\.mode / })).toContainText('Changed on the service');
  await expect(incoming.getByRole('row', { name: /^joinGroup / })).toContainText('Changed by you');
  await expectAccessible(page, 'conflict dialog');

  // Nothing was written: the service still holds the other client's values, and none of ours.
  const stored = await chatApi('GET', '/roles/manager');
  expect(stored.json).toMatchObject({
    data: { permissions: { 'createGroup.allowedGroupTypes': ['public'], 'listUsers.mode': 'friends', joinGroup: 'allow' } },
  });

  await conflict.getByRole('button', { name: 'Reload (discard mine)' }).click();
  await expect(conflict).toBeHidden();
  await expect(groupTypes.getByRole('checkbox', { name: 'public' })).toBeChecked();
  await expect(groupTypes.getByRole('checkbox', { name: 'password' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'joinGroup' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'listUsers.mode' })).toHaveText('friends');
  await expect(page.getByRole('button', { name: 'Review and save' })).toBeDisabled();
});

test('a moderator sees the editor read-only, with the reason', async ({ page }) => {
  await signIn(page, 'moderator', '/roles/default');
  await expect(page.getByText('Read only: Only admin operators can do this.', { exact: false })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'sendMessage' })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'sendMessage.allowedMessageTypes' }).getByRole('checkbox', { name: 'text' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reset to default: initiateCall', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Review and save' })).toBeDisabled();
  await expectAccessible(page, 'read-only permission editor');
});
