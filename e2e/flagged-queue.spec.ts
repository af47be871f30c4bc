import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface Listed {
  data: { id: string }[];
}

/** The ids the service lists as pending flags now. */
async function pendingFlagIds(): Promise<string[]> {
  const { json } = await chatApi('GET', '/moderation/flagged-messages');
  return (json as Listed).data.map((item) => item.id);
}

test('two moderators work the flagged queue: one blocks an item, the other sees it leave without reloading @replicas', async ({
  browser,
  page,
}) => {
  const pending = await pendingFlagIds();
  const first = pending[0]!;

  await signIn(page, 'moderator', '/moderation/flagged');
  const listA = page.getByRole('listbox', { name: 'Flagged messages' });
  await expect(listA.getByRole('option')).toHaveCount(pending.length);
  await expect(page.getByRole('navigation', { name: 'Review queues' })).toBeVisible();
  await expectAccessible(page, 'flagged queue');

  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  await signIn(pageB, 'moderator2', '/moderation/flagged');
  const listB = pageB.getByRole('listbox', { name: 'Flagged messages' });
  await expect(listB.getByRole('option')).toHaveCount(pending.length);
  await expect(listB.locator(`#flagged-item-${first}`)).toBeVisible();

  // A blocks the first item by keyboard, with a note.
  await listA.focus();
  await page.keyboard.press('b');
  const dialog = page.getByRole('dialog', { name: /^Block message/ });
  await dialog.getByRole('textbox', { name: /Note/ }).fill('Spam wave');
  await expectAccessible(page, 'flagged block dialog');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('1 blocked.')).toBeVisible();
  await expect(listA.locator(`#flagged-item-${first}`)).toHaveCount(0);
  expect(await pendingFlagIds()).not.toContain(first);

  // Within the poll interval (15 s), no reload, B's list drops it.
  await expect(listB.locator(`#flagged-item-${first}`)).toHaveCount(0, { timeout: 20_000 });
  await expect(listB.getByRole('option')).toHaveCount(pending.length - 1);
  await contextB.close();
});

test('a support person reads the flagged queue and cannot review it', async ({ page }) => {
  await signIn(page, 'support', '/moderation/flagged');
  await expect(page.getByRole('listbox', { name: 'Flagged messages' })).toBeVisible();
  await expect(page.getByText(/The flagged queue is read-only for you/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block' })).toBeDisabled();
  await expectAccessible(page, 'flagged queue read-only');
});
