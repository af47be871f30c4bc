import { operators } from './env';
import { chatApi, expect, expectNoOthersClaims, resetEmulator, signIn, test } from './fixtures';
import {
  adminConsole,
  auditRows,
  endSessionsBefore,
  endSessionsOf,
  signInInPlace,
} from './sessions';

test.beforeEach(async () => {
  await resetEmulator();
});

test('a session ended mid-decision: sign in on the queue itself, and the rejection with its note goes through once @replicas', async ({
  page,
}) => {
  const { username, role } = operators.moderator;
  await signIn(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await list.focus();
  await page.keyboard.press('Shift+R');
  const reject = page.getByRole('dialog', { name: 'Reject 1 message?' });
  const note = 'Phone number shared with a stranger, second time';
  await reject.getByRole('textbox', { name: 'Note (optional)' }).fill(note);

  await endSessionsBefore(page, 'moderator', () =>
    reject.getByRole('button', { name: 'Reject message' }).click(),
  );

  const ended = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(ended).toContainText(`What you asked for waits to be sent as ${username}`);
  await expect(page).toHaveURL(/\/moderation\/blocked$/);
  await expect(page.getByTestId('operator')).toHaveText('Signed out');
  await signInInPlace(page, 'moderator');

  await expect(page.getByText(/^Rejected message 192 from .*: it stays blocked\.$/)).toBeVisible();
  await expect(page.getByTestId('operator')).toHaveText(`${username} · ${role}`);
  const audit = await auditRows<{ note: string | null; upstreamStatus: number | null }>();
  const sent = audit.filter((row) => row.note === note);
  expect(sent).toEqual([expect.objectContaining({ upstreamStatus: 200 })]);
  const { json } = await chatApi('GET', '/moderation/reviewed-messages');
  const reviewed = (json as { data: { message: { id: string } }[] }).data;
  expect(reviewed.filter((item) => item.message.id === '192')).toHaveLength(1);
});

test('a role save that meets an ended session: sign in in place, the two unsaved changes are kept and saved @replicas', async ({
  page,
}) => {
  await signIn(page, 'admin', '/roles/default');
  await expect(page.getByRole('heading', { level: 1, name: 'Role “Default Role”' })).toBeVisible();
  // What the switches show after the change: the map the console last saw may come from an earlier
  // save, which the emulator's reset does not undo.
  const chosen: Record<string, 'allow' | 'deny'> = {};
  for (const key of ['sendMessage', 'joinGroup']) {
    const control = page.getByRole('switch', { name: key });
    await control.click();
    chosen[key] = (await control.isChecked()) ? 'allow' : 'deny';
  }
  await expect(page.getByText('2 unsaved changes')).toBeVisible();

  await endSessionsOf('admin');
  await page.getByRole('button', { name: 'Review and save' }).click();
  const review = page.getByRole('dialog', { name: 'Save 2 changes to role “default”?' });
  await review.getByRole('button', { name: 'Save 2 changes' }).click();

  await expect(page.getByRole('dialog', { name: 'Your session has ended' })).toBeVisible();
  await expect(page).toHaveURL(/\/roles\/default$/);
  await signInInPlace(page, 'admin');

  const results = page.getByRole('table', { name: 'Save results' });
  await expect(results.getByRole('row', { name: /^sendMessage / })).toContainText(
    'mapped successfully',
  );
  await expect(results.getByRole('row', { name: /^joinGroup / })).toContainText(
    'mapped successfully',
  );
  // The service answers a write with the whole map: one harmless key shows what the save stored.
  const stored = await chatApi('PUT', '/roles/default/permissions', {
    permissions: { 'listUsers.mode': 'friends' },
  });
  expect(stored.json).toMatchObject({
    data: { permissions: chosen },
  });
});

test('the queue takes its shortcuts right after arriving from the navigation', async ({ page }) => {
  await signIn(page, 'moderator', '/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Blocked messages' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blocked messages' })).toBeFocused();
  await expectNoOthersClaims(page);
  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-192');

  await page.keyboard.press('j');
  await expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-187');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('Back with a half-filled "New reason" dialog asks before the input is lost', async ({
  page,
}) => {
  await signIn(page, 'moderator', '/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Reasons' })
    .click();
  await page.getByRole('button', { name: 'New reason' }).click();
  const form = page.getByRole('dialog', { name: 'New moderation reason' });
  await form.getByRole('textbox', { name: /^Id/ }).fill('doxxing');

  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('The new reason you are writing will be lost.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/moderation\/reasons$/);
  await expect(form.getByRole('textbox', { name: /^Id/ })).toHaveValue('doxxing');

  await page.goBack();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave and discard' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('single sign-on in place: the provider runs in a popup and the held action goes on once @replicas', async ({
  page,
}) => {
  // Signed in through the provider first, as omar (a moderator there).
  await page.goto('/moderation/reasons');
  await page.getByRole('link', { name: 'Sign in with Example ID' }).click();
  await page.getByLabel('User name').fill('omar');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator')).toHaveText('omar · moderator');

  await page.getByRole('button', { name: 'New reason' }).click();
  const form = page.getByRole('dialog', { name: 'New moderation reason' });
  await form.getByRole('textbox', { name: /^Id/ }).fill('impersonation');
  await form.getByRole('textbox', { name: /^Name/ }).fill('Pretending to be someone else');
  const admin = await adminConsole();
  try {
    expect((await admin.delete('/console/operators/omar/sessions')).status()).toBe(200);
  } finally {
    await admin.dispose();
  }
  await form.getByRole('button', { name: 'Create reason' }).click();

  const ended = page.getByRole('dialog', { name: 'Your session has ended' });
  const popupOpens = page.waitForEvent('popup');
  await ended.getByRole('button', { name: 'Sign in with Example ID' }).click();
  const popup = await popupOpens;
  // Listened for at once: a provider that still knows omar closes the popup without asking.
  const closed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close');
  // The provider may still know omar (its own session), or ask again.
  const login = popup.getByLabel('User name');
  if (await login.isVisible().catch(() => false)) {
    await login.fill('omar');
    await popup.getByRole('button', { name: 'Sign in' }).click();
  }
  await closed;

  await expect(ended).toHaveCount(0);
  await expect(page.getByText('Reason “Pretending to be someone else” created.')).toBeVisible();
  await expect(page).toHaveURL(/\/moderation\/reasons$/);
  const { json } = await chatApi('GET', '/moderation/reasons');
  const ids = (json as { data: { id: string }[] }).data.map((r) => r.id);
  expect(ids.filter((id) => id === 'impersonation')).toHaveLength(1);
});
