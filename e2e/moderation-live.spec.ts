import {
  decisionOf,
  expect,
  expectAccessible,
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

test("two moderators on one queue see each other's claims and decisions without reloading @replicas", async ({
  browser,
  page,
}) => {
  // A: mo opens the queue and is on its first item, 192, which becomes theirs.
  await signIn(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const listA = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(listA.getByRole('option')).toHaveCount(13);
  await expect(listA).toHaveAttribute('aria-activedescendant', 'queue-item-192');
  await expect(listA.locator('#queue-item-192')).toContainText('You are reviewing');

  // B: alex, in another browser, sees that mo is reviewing 192.
  const { context: contextB, page: pageB } = await secondBrowser(
    browser,
    'moderator2',
    '/moderation/blocked',
  );
  const listB = pageB.getByRole('listbox', { name: 'Blocked messages' });
  await expect(listB.getByRole('option')).toHaveCount(13);
  await expect(
    listB.getByRole('option', { name: /^Mo is reviewing: Chloé Martin to Ethan Brooks/ }),
  ).toBeVisible();
  const claimNoticeB = pageB.getByRole('alert').filter({ hasText: 'is reviewing' });
  await expect(claimNoticeB).toContainText('Mo is reviewing message 192 from Chloé Martin.');
  await expectAccessible(pageB, 'queue with an item someone else reviews');

  // A rejects 192 and moves on; within the poll interval, no reload, B's list marks it in place (B is
  // on it: it does not vanish under B's cursor).
  await listA.focus();
  await page.keyboard.press('r');
  await expect(
    page.getByText('Rejected message 192 from Chloé Martin: it stays blocked.'),
  ).toBeVisible();
  const marked = listB.getByRole('option', {
    name: /^Decided elsewhere \(Rejected by mo at \d\d:\d\d\): Chloé Martin to Ethan Brooks/,
  });
  await expect(marked).toBeVisible();
  await expect(marked).toContainText('Rejected by mo');
  await expect(listB.getByRole('option')).toHaveCount(13);

  // B cannot overturn it from the list: nothing is sent, the rejection stands.
  await listB.focus();
  await pageB.keyboard.press('a');
  await expect(
    pageB.getByText(/message 192 from Chloé Martin was decided elsewhere/),
  ).toBeVisible();
  expect(await decisionOf('192')).toBe('disapproved');

  // A's cursor went on to the next item, which is A's now; B sees it, and takes it over.
  const nextId = await listA.getAttribute('aria-activedescendant');
  expect(nextId).not.toBe('queue-item-192');
  const nextB = listB.locator(`#${nextId}`);
  await expect(nextB).toContainText('Mo is reviewing');
  await nextB.click();
  // B moved on: the item mo rejected leaves B's list, said with who decided it.
  await expect(listB.locator('#queue-item-192')).toHaveCount(0);
  await expect(listB.getByRole('option')).toHaveCount(12);
  await expect(
    pageB.getByText('message 192 from Chloé Martin left the queue: Rejected by mo.'),
  ).toBeVisible();
  await claimNoticeB.getByRole('button', { name: 'Take over' }).click();
  const confirm = pageB.getByRole('dialog', { name: 'Take over from mo?' });
  await expect(confirm).toContainText('The audit trail records that you took it over from mo.');
  await confirm.getByRole('button', { name: 'Take over' }).click();
  await expect(nextB).toContainText('You are reviewing');
  await expect(listA.locator(`#${nextId}`)).toContainText('Alex is reviewing');

  await releaseOwnClaims(pageB, 'moderator2');
  await contextB.close();
});
