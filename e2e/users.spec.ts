import type { Page } from '@playwright/test';
import { e2eEnv } from './env';
import {
  chatApi,
  expect,
  expectAccessible,
  pickUser,
  resetEmulator,
  signIn,
  test,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface UserPage {
  data: { uid: string }[];
  meta: { pagination: { total: number } };
}

const isDeactivated = async (uid: string) => {
  const direct = await chatApi('GET', `/users/${uid}`);
  if (direct.status === 200) return false;
  const listed = (await chatApi('GET', `/users?searchKey=${uid}&onlyDeactivated=true`))
    .json as UserPage;
  return listed.data.some((user) => user.uid === uid);
};

async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('combobox', { name: new RegExp(`^${label}`) })
    .selectOption({ label: option });
}

test('an admin deactivates three users and sees an honest summary, then undoes it', async ({
  page,
}) => {
  await signIn(page, 'admin', '/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(26);
  await expectAccessible(page, 'users directory');

  const search = page.getByRole('textbox', { name: 'Search by uid or name' });
  await search.fill('amelia');
  await expect(page).toHaveURL(/\/users\?q=amelia$/);
  await table.getByRole('checkbox', { name: 'Select amelia-hart' }).check();

  // The selection is kept while the filters change.
  await search.fill('');
  await choose(page, 'Accounts', 'Deactivated');
  await expect(page).toHaveURL(/\/users\?state=deactivated$/);
  await table.getByRole('checkbox', { name: 'Select ben-walker' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();

  // A uid from a support ticket that does not exist.
  await page.getByRole('button', { name: 'Enter uids…' }).click();
  const entry = page.getByRole('dialog', { name: 'Enter uids' });
  await entry.getByRole('textbox', { name: 'Uids, one per line' }).fill('no-such-user\n');
  await expectAccessible(page, 'enter uids dialog');
  await entry.getByRole('button', { name: 'Add 1 to selection' }).click();
  await expect(page.getByText('3 selected')).toBeVisible();

  await page.getByRole('button', { name: 'Deactivate selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate 3 users?' });
  await expect(confirm).toContainText('amelia-hart, ben-walker, no-such-user');
  await expectAccessible(page, 'deactivate confirm');
  await confirm.getByRole('button', { name: 'Deactivate 3 users' }).click();

  const summary = page.getByRole('dialog', { name: 'Deactivation finished' });
  await expect(summary.getByRole('status')).toHaveText(
    '1 deactivated, 1 already deactivated, 1 not found.',
  );
  await expect(summary.getByRole('region', { name: 'Deactivated', exact: true })).toContainText(
    'amelia-hart',
  );
  await expect(summary.getByRole('region', { name: 'Already deactivated' })).toContainText(
    'ben-walker',
  );
  await expect(summary.getByRole('region', { name: 'Not found' })).toContainText('no-such-user');
  await expectAccessible(page, 'deactivation summary');
  expect(await isDeactivated('amelia-hart')).toBe(true);

  await summary.getByRole('button', { name: 'Undo: reactivate 1 user' }).click();
  const undone = page.getByRole('dialog', { name: 'Reactivation finished' });
  await expect(undone.getByRole('status')).toHaveText('1 reactivated.');
  await expectAccessible(page, 'undo summary');
  expect(await isDeactivated('amelia-hart')).toBe(false);
  expect(await isDeactivated('ben-walker')).toBe(true);
  await undone.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('0 selected')).toBeVisible();
});

test('support resets a user’s notification preferences and the schedule is back to 00:00–23:59 every day', async ({
  page,
}) => {
  const patched = await chatApi('PATCH', '/notifications/v1/preferences?uid=amelia-hart', {
    groupPreferences: { groupMessages: 3 },
    mutePreferences: {
      dnd: 2,
      schedule: {
        monday: { from: 900, to: 1730, dnd: false },
        sunday: { from: 0, to: 2359, dnd: true },
      },
    },
  });
  expect(patched.status).toBe(200);

  await signIn(page, 'support', '/users/amelia-hart');
  await expect(page.getByRole('heading', { level: 1, name: 'Amelia Hart' })).toBeVisible();
  const schedule = page.getByRole('table', { name: 'Notification schedule' });
  await expect(schedule.getByRole('row', { name: /^Monday/ })).toContainText('09:00–17:30');
  await expect(schedule.getByRole('row', { name: /^Sunday/ })).toContainText('No notifications');
  await expect(
    page.getByRole('table', { name: 'Groups' }).getByRole('row', { name: /^Messages/ }),
  ).toContainText('Mentions only');
  await expectAccessible(page, 'user detail');

  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Reset notification preferences of amelia-hart?',
  });
  await expect(dialog.getByRole('row', { name: /^Schedule: Monday/ })).toContainText(
    '09:00–17:30The app’s default',
  );
  await expectAccessible(page, 'reset preferences confirm');
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();

  await expect(page.getByText(/^Preferences reset\./)).toBeVisible();
  for (const day of [
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
  ]) {
    await expect(schedule.getByRole('row', { name: new RegExp(`^${day}`) })).toContainText(
      '00:00–23:59',
    );
  }
  const stored = (await chatApi('GET', '/notifications/v1/preferences?uid=amelia-hart')).json as {
    data: {
      mutePreferences: {
        dnd: number;
        schedule: Record<string, { from: number; to: number; dnd: boolean }>;
      };
    };
  };
  expect(stored.data.mutePreferences.dnd).toBe(1);
  expect(Object.values(stored.data.mutePreferences.schedule)).toEqual(
    Array(7).fill({ from: 0, to: 2359, dnd: false }),
  );
  await expectAccessible(page, 'user detail after reset');
});

test('an admin finds a deactivated user by uid and reactivates it', async ({ page }) => {
  await signIn(page, 'admin', '/users/ben-walker');
  await expect(page.getByRole('heading', { level: 1, name: 'Ben Walker' })).toBeVisible();
  await expect(page.getByText(/^Deactivated since/)).toBeVisible();
  await expectAccessible(page, 'deactivated user detail');
  await page.getByRole('button', { name: 'Reactivate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reactivate ben-walker?' });
  await expectAccessible(page, 'reactivate confirm');
  await dialog.getByRole('button', { name: 'Reactivate user' }).click();
  await expect(page.getByText('ben-walker reactivated.')).toBeVisible();
  await expect(page.getByText(/^Deactivated since/)).toHaveCount(0);
  expect(await isDeactivated('ben-walker')).toBe(false);
});

test('support marks a conversation delivered on behalf of a user', async ({ page }) => {
  await signIn(page, 'support', '/users/noah-fischer');
  const section = page.getByRole('region', { name: 'Mark conversation delivered' });
  await pickUser(
    page,
    section.getByRole('combobox', { name: 'Other user' }),
    'amelia',
    /Amelia Hart/,
  );
  await expect(section.getByText(/Loading the latest messages/)).toHaveCount(0);
  await section.getByRole('button', { name: 'Mark delivered…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark conversation delivered?' });
  await expect(dialog).toContainText('Acting as noah-fischer');
  await expect(dialog).toContainText('all messages');
  await expectAccessible(page, 'mark delivered confirm');
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(section.getByRole('status')).toContainText('marked as delivered');
  await expectAccessible(page, 'mark delivered result');
});

/** Creates `bulk-000001` … `bulk-010000` in one transaction with the emulator's scale control. */
async function createBulkUsers(): Promise<void> {
  const response = await fetch(`${e2eEnv.emulatorUrl}/__emulator/scale`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ users: 10_000, prefix: 'bulk' }),
  });
  if (!response.ok)
    throw new Error(`scale control failed: ${response.status} ${await response.text()}`);
}

test('a 10,000-user deactivation completes with progress', async ({ page }) => {
  test.setTimeout(180_000);
  const started = Date.now();
  await createBulkUsers();
  test.info().annotations.push({
    type: 'setup',
    description: `10,000 users created in ${Date.now() - started} ms`,
  });

  await signIn(page, 'admin', '/users?q=bulk-');
  await expect(page.getByText('1–25 of 10,000')).toBeVisible();
  await page.getByRole('button', { name: 'Select all 10,000 matching' }).click();
  await expect(page.getByText('10,000 selected')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Deactivate selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate 10,000 users?' });
  await expect(confirm.getByRole('button', { name: 'Deactivate 10,000 users' })).toBeDisabled();
  await confirm.getByRole('textbox', { name: 'Type 10000 to confirm' }).fill('10000');
  await expectAccessible(page, 'deactivate 10,000 confirm');
  await confirm.getByRole('button', { name: 'Deactivate 10,000 users' }).click();

  const running = page.getByRole('dialog', { name: 'Deactivating 10,000 users' });
  await expect(
    running.getByRole('progressbar', { name: /of 10,000 users processed/ }),
  ).toBeVisible();
  const summary = page.getByRole('dialog', { name: 'Deactivation finished' });
  await expect(summary.getByRole('status')).toHaveText('10,000 deactivated.', { timeout: 180_000 });
  await expectAccessible(page, 'deactivation summary, 10,000 users');

  const deactivated = (
    await chatApi('GET', '/users?searchKey=bulk-&onlyDeactivated=true&perPage=1')
  ).json as UserPage;
  expect(deactivated.meta.pagination.total).toBe(10_000);
  const active = (await chatApi('GET', '/users?searchKey=bulk-&perPage=1')).json as UserPage;
  expect(active.meta.pagination.total).toBe(0);
  // Nobody else was touched.
  const others = (await chatApi('GET', '/users?onlyDeactivated=true&perPage=1')).json as UserPage;
  expect(others.meta.pagination.total).toBe(10_000 + 3);
});
