import {
  chatApi,
  expect,
  expectAccessible,
  expectNoOthersClaims,
  resetEmulator,
  screenshotPath,
  signIn,
  signInThroughForm,
  test,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface Listed {
  data: { message: { id: string; data: { moderation?: { status?: string } } } }[];
}

/** Ids the service lists as pending (its blocked list documents no parameter: none is sent). */
async function pendingIds(): Promise<string[]> {
  const { json } = await chatApi('GET', '/moderation/blocked-messages');
  return (json as Listed).data.map((item) => item.message.id);
}

/** Ids the service lists as reviewed with this moderation status. */
async function reviewedIds(status: 'approved' | 'disapproved'): Promise<string[]> {
  const { json } = await chatApi('GET', '/moderation/reviewed-messages');
  return (json as Listed).data
    .filter((item) => item.message.data.moderation?.status === status)
    .map((item) => item.message.id);
}

test('a moderator works through three blocked messages by keyboard; queue, history and service agree @replicas', async ({
  page,
}) => {
  await signInThroughForm(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(list.getByRole('option')).toHaveCount(13);
  // One answer of the documented list: no paging, and the page says how much it holds.
  await expect(
    page.getByText('End of the queue: the service answered 13 blocked messages.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expectAccessible(page, 'blocked messages queue');

  // The conversation around the first item, beside the queue.
  await page.keyboard.press('o');
  const panel = page.getByRole('complementary', { name: 'Conversation context' });
  await expect(panel.getByRole('list', { name: 'Messages around the blocked one' })).toBeVisible();
  await expect(panel).toContainText('ring me 020 7946 0958 after six');
  await expectAccessible(page, 'queue with the conversation panel open');

  // 1. Approve: a confirm that says it delivers now; Enter accepts.
  await page.keyboard.press('a');
  const approve = page.getByRole('dialog', { name: 'Approve and deliver this message?' });
  await expect(approve).toContainText('delivered now');
  await expectAccessible(page, 'approve confirm dialog');
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Approved message 192 from Chloé Martin: delivered to Ethan Brooks.'),
  ).toBeVisible();
  await expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-187');

  // 2. Reject: immediate.
  await page.keyboard.press('r');
  await expect(
    page.getByText('Rejected message 187 from Ethan Brooks: it stays blocked.'),
  ).toBeVisible();

  // 3. Delete: asks, says it is a soft delete; Enter accepts.
  await page.keyboard.press('d');
  const remove = page.getByRole('dialog', { name: 'Delete this message?' });
  await expect(remove).toContainText('soft deleted');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Deleted message 182 from Lucas Silva.')).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(10);
  await page.screenshot({ path: screenshotPath('screenshot-blocked-queue.png') });

  // The service stored each decision.
  expect(await reviewedIds('approved')).toContain('192');
  expect(await reviewedIds('disapproved')).toEqual(expect.arrayContaining(['187', '182']));
  expect(await pendingIds()).not.toContain('192');
  const deleted = await chatApi('GET', '/messages/182');
  expect(deleted.json).toMatchObject({ data: { id: '182', deletedAt: expect.any(Number) } });

  // A reload shows the same queue: nothing comes back.
  await page.reload();
  await expect(list.getByRole('option')).toHaveCount(10);

  // The history shows the decisions.
  await page.getByRole('tab', { name: 'History' }).click();
  const approved = page.getByRole('table', { name: 'Approved messages' });
  await expect(
    approved.getByRole('row', { name: /ring me 020 7946 0958 after six/ }),
  ).toContainText('Approved');
  await expectAccessible(page, 'history');
  await page.getByRole('combobox', { name: 'Decision' }).click();
  await page.getByRole('option', { name: 'Rejected or deleted' }).click();
  const rejected = page.getByRole('table', { name: 'Rejected or deleted messages' });
  await expect(rejected.getByRole('row', { name: /Shut up already, nobody asked/ })).toContainText(
    'Rejected',
  );
  await expect(rejected.getByRole('row', { name: /id 182/ })).toContainText('Deleted');
});

test('an admin may delete permanently and sees who took each decision', async ({ page }) => {
  await signIn(page, 'admin', '/moderation/blocked');
  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(list.getByRole('option')).toHaveCount(13);
  await page.keyboard.press('r');
  await expect(
    page.getByText('Rejected message 192 from Chloé Martin: it stays blocked.'),
  ).toBeVisible();
  // Let the toast go first: the check below is about the dialog.
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });

  await page.keyboard.press('d');
  const remove = page.getByRole('dialog', { name: 'Delete this message?' });
  await expect(remove).toContainText('soft deleted');
  await remove.getByRole('checkbox', { name: /Delete permanently/ }).check();
  await expect(remove).toContainText('removed from the chat service permanently');
  await expectAccessible(page, 'permanent delete confirm dialog');
  await remove.getByRole('button', { name: 'Delete message permanently' }).click();
  await expect(page.getByText('Deleted message 187 from Ethan Brooks permanently.')).toBeVisible();
  expect((await chatApi('GET', '/messages/187')).status).toBe(404);
  expect(await pendingIds()).toHaveLength(11);
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });

  await page.getByRole('tab', { name: 'History' }).click();
  const actions = page.getByRole('table', { name: 'Operator actions on blocked messages' });
  await expect(actions.getByRole('row', { name: /Message 192/ }).first()).toContainText('ada');
  await expect(actions.getByRole('row', { name: /Message 192/ }).first()).toContainText(
    'Done (200)',
  );
  await expectAccessible(page, 'history with operator actions');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Deletions' }).click();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/act=delete/);
  await expect(actions.getByRole('row', { name: /Message 187/ }).first()).toContainText('Deleted');
});

test('a support operator sees the queue read-only, with the reason', async ({ page }) => {
  await signIn(page, 'support', '/moderation/blocked');
  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(list.getByRole('option')).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await page.keyboard.press('a');
  await expect(
    page.getByText(/read-only for you\. Only admin or moderator operators can do this\./),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('read-only for you');
  await expectAccessible(page, 'shortcuts dialog (read-only)');
  await page.keyboard.press('Escape');
  expect(await pendingIds()).toHaveLength(13);
});

test('an emptied queue says so', async ({ page }) => {
  const pending = await pendingIds();
  for (const [index, id] of pending.entries()) {
    const body = index % 2 === 0 ? { status: 'approved' } : { status: 'rejected', reviewed: true };
    expect((await chatApi('PATCH', `/moderation/blocked-messages/${id}`, body)).status).toBe(200);
  }
  await signIn(page, 'moderator', '/moderation/blocked');
  await expect(page.getByText('Queue is clear')).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Blocked messages' })).toHaveCount(0);
  await expectAccessible(page, 'empty queue');
});
