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

test('a decision taken in one browser is not overturned from a stale list without Override @replicas', async ({
  browser,
  page,
}) => {
  // The console's audit trail outlives the emulator's resets: only this test's rows are read below.
  const startedAt = new Date().toISOString();
  // Tab A: the moderator.
  await signIn(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const listA = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(listA.getByRole('option')).toHaveCount(13);

  // Tab B: the admin, in another browser context, loads the same queue. Its live updates are cut
  // off, so its list stays as loaded (live lists are in moderation-live.spec.ts).
  const { context: contextB, page: pageB } = await secondBrowser(
    browser,
    'admin',
    '/moderation/blocked',
    { live: false },
  );
  const listB = pageB.getByRole('listbox', { name: 'Blocked messages' });
  await expect(listB.getByRole('option')).toHaveCount(13);
  await expect(listB).toHaveAttribute('aria-activedescendant', 'queue-item-192');

  // A rejects message 192.
  await listA.focus();
  await page.keyboard.press('r');
  await expect(
    page.getByText('Rejected message 192 from Chloé Martin: it stays blocked.'),
  ).toBeVisible();
  expect(await decisionOf('192')).toBe('disapproved');

  // B, on the list loaded before, approves it: refused, with who and when.
  await listB.focus();
  await pageB.keyboard.press('a');
  await pageB
    .getByRole('dialog', { name: 'Approve and deliver this message?' })
    .getByRole('button', { name: 'Approve and deliver' })
    .click();
  const notice = pageB.getByRole('alert', {
    name: /^Already rejected by mo at \d\d:\d\d: message 192 from Chloé Martin/,
  });
  await expect(notice).toContainText('Your approval was not sent.');
  const item = listB.getByRole('option', {
    name: /^Already rejected by mo at \d\d:\d\d: Chloé Martin to Ethan Brooks/,
  });
  await expect(item).toBeVisible();
  expect(await decisionOf('192')).toBe('disapproved');

  // Approving it again the usual way asks first: the dialog names the decision and offers no plain
  // approval. Nothing is overturned without Override.
  await item.click();
  await pageB.keyboard.press('a');
  const again = pageB.getByRole('dialog', { name: 'Approve and deliver this message?' });
  await expect(
    again.getByRole('alert', { name: /^Already rejected by mo at \d\d:\d\d: message 192/ }),
  ).toBeVisible();
  await expect(again.getByRole('button', { name: 'Approve and deliver' })).toBeDisabled();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(notice).toBeVisible();
  expect(await decisionOf('192')).toBe('disapproved');

  // Override: a confirm that says what happens, then the approval goes through and is audited as such.
  await notice.getByRole('button', { name: 'Override' }).click();
  const confirm = pageB.getByRole('dialog', { name: "Override mo's decision?" });
  await expect(confirm).toContainText('Approving it now delivers it to Ethan Brooks at once');
  await confirm.getByRole('button', { name: 'Override and approve' }).click();
  await expect(
    pageB.getByText('Approved message 192 from Chloé Martin: delivered to Ethan Brooks.'),
  ).toBeVisible();
  expect(await decisionOf('192')).toBe('approved');

  const audit = await pageB.request.get('/console/audit?operation=blocked.review');
  const entries = (
    (await audit.json()) as {
      data: { at: string; operator: string; outcome: string; detail: string | null }[];
    }
  ).data.filter((e) => e.at >= startedAt);
  expect(
    entries.map((e) => [e.operator, e.outcome, e.detail?.replace(/ (at|\().*$/, '') ?? null]),
  ).toEqual([
    ['ada', 'ok', 'override of rejected by mo'],
    ['ada', 'denied', 'already rejected by mo'],
    ['mo', 'ok', null],
  ]);
  await releaseOwnClaims(pageB, 'admin');
  await contextB.close();
});
