import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

test('an admin restricts sending on the default role, reviews the diff, saves, and the editor shows what the service reported @replicas', async ({
  page,
}) => {
  await signIn(page, 'admin', '/roles');
  const roles = page.getByRole('table', { name: 'Roles' });
  // The service never reports a role's map on its own: nothing is claimed before a save through the console.
  await expect(roles.getByRole('row', { name: /^default / })).toContainText(
    'Unknown: not reported yet',
  );
  await expectAccessible(page, 'roles list');

  await roles.getByRole('link', { name: 'default' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Role “Default Role”' })).toBeVisible();
  await expect(page.getByText(/Every value below is unknown/)).toBeVisible();
  const send = page.getByRole('switch', { name: 'sendMessage' });
  await expect(send).toBeChecked();
  await expectAccessible(page, 'permission editor');

  await send.click();
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await page.getByRole('button', { name: 'Review and save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save 1 change to role “default”?' });
  const diff = dialog.getByRole('table', { name: 'Changes to save' });
  await expect(diff.getByRole('row', { name: /^sendMessage / })).toContainText(
    'unknown (not reported)',
  );
  await expect(diff.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'diff dialog');

  await dialog.getByRole('button', { name: 'Save 1 change' }).click();
  const results = page.getByRole('table', { name: 'Save results' });
  await expect(results.getByRole('row', { name: /^sendMessage / })).toContainText(
    'mapped successfully to role default',
  );

  // Only the changed key went to the service; its answer (the full map) is what the editor now shows.
  const stored = await chatApi('PUT', '/roles/default/permissions', {
    permissions: { 'listUsers.mode': 'friends' },
  });
  expect(stored.json).toMatchObject({
    data: { permissions: { sendMessage: 'deny', 'listUsers.mode': 'friends' } },
  });
  expect(
    (stored.json as { data: { permissions: Record<string, unknown> } }).data.permissions,
  ).not.toHaveProperty('sendMessage.allowedMessageTypes');

  await page.reload();
  await expect(page.getByText(/Values as reported by the service on/)).toBeVisible();
  await expect(send).not.toBeChecked();
  await page.goto('/roles');
  await expect(roles.getByRole('row', { name: /^default / })).toContainText('as reported on');

  await page.goto('/roles/default');
  await page.getByRole('tab', { name: 'JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Permission map (JSON)' });
  await expect(json).toHaveValue(/"sendMessage": "deny"/);
  await expectAccessible(page, 'JSON view');
  await json.fill('{"sendMessage": ');
  await page.getByRole('button', { name: 'Apply JSON to the editor' }).click();
  await expect(page.getByText(/The JSON does not parse/)).toBeVisible();
  await expectAccessible(page, 'JSON view with a parse error');
});

test('a save by another operator between loading and saving is detected and not overwritten @replicas', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/roles/manager');
  const groupTypes = page.getByRole('group', { name: 'createGroup.allowedGroupTypes' });
  await groupTypes.getByRole('checkbox', { name: 'password' }).click();

  // Another admin saves the same role through the console: the service reports the new map.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, 'admin', '/roles/manager');
  await other.getByRole('switch', { name: 'joinGroup' }).click();
  await other.getByRole('button', { name: 'Review and save' }).click();
  await other
    .getByRole('dialog', { name: /^Save 1 change to role “manager”/ })
    .getByRole('button', { name: 'Save 1 change' })
    .click();
  await expect(other.getByRole('table', { name: 'Save results' })).toBeVisible();
  await otherContext.close();

  await page.getByRole('button', { name: 'Review and save' }).click();
  await page
    .getByRole('dialog', { name: /^Save 1 change to role “manager”/ })
    .getByRole('button', { name: 'Save 1 change' })
    .click();
  const conflict = page.getByRole('dialog', { name: 'Role “manager” changed on the service' });
  await expect(
    conflict
      .getByRole('table', { name: 'Incoming changes' })
      .getByRole('row', { name: /^joinGroup / }),
  ).toBeVisible();
  await expectAccessible(page, 'conflict dialog');

  // Nothing of ours was written: the service holds the other operator's change only.
  const stored = await chatApi('DELETE', '/roles/manager/permissions/listUsers.mode');
  const map = (stored.json as { data: { permissions: Record<string, unknown> } }).data.permissions;
  expect(map.joinGroup).toBe('deny');
  expect(map['createGroup.allowedGroupTypes']).not.toContain('password');

  await conflict.getByRole('button', { name: 'Reload (discard mine)' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('switch', { name: 'joinGroup' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Review and save' })).toBeDisabled();
});

test('a moderator sees the editor read-only, with the reason', async ({ page }) => {
  await signIn(page, 'moderator', '/roles/default');
  await expect(
    page.getByText('Read only: Only admin operators can do this.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: 'sendMessage' })).toBeDisabled();
  await expect(
    page
      .getByRole('group', { name: 'sendMessage.allowedMessageTypes' })
      .getByRole('checkbox', { name: 'text' }),
  ).toBeDisabled();
  await expect(
    page.getByRole('button', { name: 'Reset to default: initiateCall', exact: true }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Review and save' })).toBeDisabled();
  await expectAccessible(page, 'read-only permission editor');
});
