import {
  chatApi,
  decisionOf,
  expect,
  expectAccessible,
  releaseOwnClaims,
  resetEmulator,
  secondBrowser,
  signIn,
  test,
} from './fixtures';

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

test("two moderators work the flagged queue live: claims show on the rows, a flag one blocks stays marked under the other's cursor until they move on @replicas", async ({
  browser,
  page,
}) => {
  const pending = await pendingFlagIds();
  const [first, second] = pending as [string, string];

  // A: mo opens the queue and is on its first item, which becomes theirs.
  await signIn(page, 'moderator', '/moderation/flagged');
  const listA = page.getByRole('listbox', { name: 'Flagged messages' });
  await expect(listA.getByRole('option')).toHaveCount(pending.length);
  await expect(listA).toHaveAttribute('aria-activedescendant', `flagged-item-${first}`);
  await expect(page.getByRole('navigation', { name: 'Review queues' })).toBeVisible();
  await expectAccessible(page, 'flagged queue');

  // B: alex, in another browser, is on the same item and sees that mo reviews it.
  const { context: contextB, page: pageB } = await secondBrowser(
    browser,
    'moderator2',
    '/moderation/flagged',
  );
  const listB = pageB.getByRole('listbox', { name: 'Flagged messages' });
  await expect(listB.getByRole('option')).toHaveCount(pending.length);
  await expect(listB).toHaveAttribute('aria-activedescendant', `flagged-item-${first}`);
  await expect(pageB.getByRole('alert').filter({ hasText: 'is reviewing' })).toContainText(
    `Mo is reviewing message ${first} from`,
  );
  // The row says it too, and only that row.
  await expect(listB.getByRole('option', { name: /^Mo is reviewing: / })).toHaveAttribute(
    'id',
    `flagged-item-${first}`,
  );
  await expect(listB.locator(`#flagged-item-${first}`)).toContainText('Mo is reviewing');

  // A blocks the item by keyboard, with a note.
  await listA.focus();
  await page.keyboard.press('b');
  const dialog = page.getByRole('dialog', { name: /^Block message/ });
  await dialog.getByRole('textbox', { name: /Note/ }).fill('Spam wave');
  await expectAccessible(page, 'flagged block dialog');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('1 blocked.')).toBeVisible();
  await expect(listA.locator(`#flagged-item-${first}`)).toHaveCount(0);
  expect(await pendingFlagIds()).not.toContain(first);
  expect(await decisionOf(first)).toBe('disapproved');

  // Within the live interval, no reload, B's list marks it in place (B is on it: it does not vanish
  // under B's cursor), with who decided and when.
  const marked = listB.getByRole('option', {
    name: /^Decided elsewhere \(Blocked by mo at \d\d:\d\d\): /,
  });
  await expect(marked).toHaveAttribute('id', `flagged-item-${first}`, { timeout: 20_000 });
  await expect(marked).toHaveAttribute('aria-disabled', 'true');
  await expect(marked).toContainText(/Blocked by mo at \d\d:\d\d/);
  await expect(listB.getByRole('option')).toHaveCount(pending.length);
  await expectAccessible(pageB, 'flagged queue with an item decided elsewhere');

  // A went on to the next flag, which is A's now: B's row of it says so.
  await expect(listB.locator(`#flagged-item-${second}`)).toContainText('Mo is reviewing');

  // B cannot review it from the list: nothing is sent, the block stands.
  await listB.focus();
  await pageB.keyboard.press('a');
  await expect(
    pageB.getByText(/was decided elsewhere, so there is nothing to do here/),
  ).toBeVisible();
  await expect(pageB.getByRole('dialog')).toHaveCount(0);
  expect(await decisionOf(first)).toBe('disapproved');

  // B moves on: it leaves B's list, said with who decided it.
  await pageB.keyboard.press('j');
  await expect(listB.locator(`#flagged-item-${first}`)).toHaveCount(0);
  await expect(
    pageB.getByText(new RegExp(`^message ${first} from .* left the queue: Blocked by mo\\.$`)),
  ).toBeVisible();
  await expect(listB.getByRole('option')).toHaveCount(pending.length - 1);
  await contextB.close();
});

test('a flag blocked in one browser is not approved from a stale list without Override @replicas', async ({
  browser,
  page,
}) => {
  const pending = await pendingFlagIds();
  const first = pending[0]!;
  // B: alex, whose live updates are cut off: the list stays as loaded.
  const { context: contextB, page: pageB } = await secondBrowser(
    browser,
    'moderator2',
    '/moderation/flagged',
    { live: false },
  );
  const listB = pageB.getByRole('listbox', { name: 'Flagged messages' });
  await expect(listB.getByRole('option')).toHaveCount(pending.length);

  // A: mo blocks the first flag.
  await signIn(page, 'moderator', '/moderation/flagged');
  const listA = page.getByRole('listbox', { name: 'Flagged messages' });
  await expect(listA).toHaveAttribute('aria-activedescendant', `flagged-item-${first}`);
  await listA.focus();
  await page.keyboard.press('b');
  await page
    .getByRole('dialog', { name: /^Block message/ })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(page.getByText('1 blocked.')).toBeVisible();

  // B approves it from the stale list: refused, with who and when, and B keeps mo's decision.
  await expect(listB.locator(`#flagged-item-${first}`)).toBeVisible();
  await listB.locator(`#flagged-item-${first}`).click();
  await listB.focus();
  await pageB.keyboard.press('a');
  await pageB
    .getByRole('dialog', { name: /^Approve message/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  const conflict = pageB.getByRole('dialog', { name: /^Already blocked by mo at \d\d:\d\d$/ });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('button', { name: 'Override and approve' })).toBeVisible();
  await expectAccessible(pageB, 'flagged conflict dialog');
  await conflict.getByRole('button', { name: 'Keep their decision' }).click();
  await expect(pageB.getByText(`Kept mo's decision: message ${first}`)).toBeVisible();
  await expect(listB.locator(`#flagged-item-${first}`)).toHaveCount(0);
  expect(await decisionOf(first)).toBe('disapproved');
  await releaseOwnClaims(pageB, 'moderator2');
  await contextB.close();
});

test('a support person reads the flagged queue and cannot review it', async ({ page }) => {
  await signIn(page, 'support', '/moderation/flagged');
  await expect(page.getByRole('listbox', { name: 'Flagged messages' })).toBeVisible();
  await expect(page.getByText(/The flagged queue is read-only for you/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block' })).toBeDisabled();
  await expectAccessible(page, 'flagged queue read-only');
});
