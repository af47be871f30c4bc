import {
  decisionOf,
  expect,
  expectNoOthersClaims,
  releaseOwnClaims,
  resetEmulator,
  secondBrowser,
  signIn,
  test,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

test('an open approve dialog shows at once that another moderator rejected its message, and Override approves it @replicas', async ({
  browser,
  page,
}) => {
  // A: mo, on the queue's first item, 192.
  await signIn(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const listA = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(listA).toHaveAttribute('aria-activedescendant', 'queue-item-192');

  // B: alex, in another browser, opens the approve dialog on 192 too.
  const { context: contextB, page: pageB } = await secondBrowser(
    browser,
    'moderator2',
    '/moderation/blocked',
  );
  const listB = pageB.getByRole('listbox', { name: 'Blocked messages' });
  await expect(listB.getByRole('option')).toHaveCount(13);
  await expect(listB).toHaveAttribute('aria-activedescendant', 'queue-item-192');
  await listB.focus();
  await pageB.keyboard.press('a');
  const dialog = pageB.getByRole('dialog', { name: 'Approve and deliver this message?' });
  await expect(dialog).toBeVisible();

  // A rejects it. B does nothing: within the live interval B's open dialog says so.
  await listA.focus();
  await page.keyboard.press('r');
  await expect(
    page.getByText('Rejected message 192 from Chloé Martin: it stays blocked.'),
  ).toBeVisible();
  const notice = dialog.getByRole('alert', {
    name: /^Already rejected by mo at \d\d:\d\d: message 192 from Chloé Martin/,
  });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Keep their decision' })).toBeVisible();
  // Confirming as if nothing happened is not offered.
  await expect(dialog.getByRole('button', { name: 'Approve and deliver' })).toBeDisabled();

  // Override, then the dialog's confirm says what it does; the approval goes through.
  await notice.getByRole('button', { name: 'Override' }).click();
  await expect(dialog).toContainText('their rejection no longer stands');
  await dialog.getByRole('button', { name: 'Override and approve' }).click();
  await expect(
    pageB.getByText('Approved message 192 from Chloé Martin: delivered to Ethan Brooks.'),
  ).toBeVisible();
  expect(await decisionOf('192')).toBe('approved');
  await contextB.close();
});

test('a refusal because another moderator decided first always shows who and when, and stays until answered @replicas', async ({
  browser,
  page,
}) => {
  await signIn(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const listA = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(listA).toHaveAttribute('aria-activedescendant', 'queue-item-192');

  // B's live updates are cut off: B's queue learns only from its own polls of the list.
  const { context: contextB, page: pageB } = await secondBrowser(
    browser,
    'moderator2',
    '/moderation/blocked',
    { live: false },
  );
  const listB = pageB.getByRole('listbox', { name: 'Blocked messages' });
  await expect(listB.getByRole('option')).toHaveCount(13);
  await listB.focus();
  await pageB.keyboard.press('a');
  const dialog = pageB.getByRole('dialog', { name: 'Approve and deliver this message?' });
  await expect(dialog).toBeVisible();

  await listA.focus();
  await page.keyboard.press('r');
  await expect(
    page.getByText('Rejected message 192 from Chloé Martin: it stays blocked.'),
  ).toBeVisible();

  // B confirms before hearing of it: refused, and told who decided and when.
  await dialog.getByRole('button', { name: 'Approve and deliver' }).click();
  const notice = pageB.getByRole('alert', {
    name: /^Already rejected by mo at \d\d:\d\d: message 192 from Chloé Martin/,
  });
  await expect(notice).toContainText('Your approval was not sent.');
  const marked = listB.getByRole('option', { name: /Already rejected by mo at \d\d:\d\d/ });
  await expect(marked).toBeVisible();

  // B's next poll of the list (every 15 s without live updates) finds 192 decided: the item is
  // marked so, and it and the notice stay until B answers.
  await expect(
    listB.getByRole('option', { name: /^Decided elsewhere.*Already rejected by mo/ }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(notice).toBeVisible();
  expect(await decisionOf('192')).toBe('disapproved');

  await notice.getByRole('button', { name: 'Override' }).click();
  const confirm = pageB.getByRole('dialog', { name: "Override mo's decision?" });
  await confirm.getByRole('button', { name: 'Override and approve' }).click();
  await expect(
    pageB.getByText('Approved message 192 from Chloé Martin: delivered to Ethan Brooks.'),
  ).toBeVisible();
  expect(await decisionOf('192')).toBe('approved');
  await releaseOwnClaims(pageB, 'moderator2');
  await contextB.close();
});
