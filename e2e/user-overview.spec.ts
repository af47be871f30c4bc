import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface Listed {
  data: { id: string; sender: string }[];
}
interface BlockedListed {
  data: { message: { id: string; sender: string } }[];
}

test('support opens a sender’s overview and sees their messages, blocked and flagged items @replicas', async ({
  page,
}) => {
  const flagged = (await chatApi('GET', '/moderation/flagged-messages')).json as Listed;
  const blocked = (await chatApi('GET', '/moderation/blocked-messages')).json as BlockedListed;
  // A sender with a message in each queue when the demo has one, else the first flagged sender.
  const both = flagged.data.find((f) => blocked.data.some((b) => b.message.sender === f.sender));
  const item = both ?? flagged.data[0];
  if (!item) throw new Error('the demo has no flagged message');
  const uid = item.sender;
  const latest = (await chatApi('GET', `/messages?sender=${uid}&limit=10&affix=prepend`))
    .json as Listed;

  await signIn(page, 'support', `/users/${uid}`);
  const messages = page.getByRole('region', { name: 'Latest messages' });
  await expect(
    messages.getByRole('link', { name: `#${latest.data[0]?.id ?? 'none'}`, exact: true }),
  ).toBeVisible();
  await expect(messages.getByRole('link', { name: 'See all' })).toHaveAttribute(
    'href',
    `/messages?sender=${uid}`,
  );
  const moderation = page.getByRole('region', { name: 'Blocked, flagged and reviewed' });
  await expect(
    moderation
      .getByRole('table', { name: 'Flagged, waiting' })
      .getByRole('link', { name: `#${item.id}`, exact: true }),
  ).toBeVisible();
  const blockedOfUid = blocked.data.find((b) => b.message.sender === uid);
  if (blockedOfUid)
    await expect(
      moderation
        .getByRole('table', { name: 'Blocked, waiting' })
        .getByRole('link', { name: `#${blockedOfUid.message.id}`, exact: true }),
    ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Console actions on them' }).getByText(/Not available/),
  ).toBeVisible();
  await expectAccessible(page, 'the user overview');
});

test('an admin changes one notification preference and the audit shows it @replicas', async ({
  page,
}) => {
  await signIn(page, 'admin', '/users/amelia-hart');
  const groups = page.getByRole('table', { name: 'Groups' });
  await groups.getByRole('button', { name: 'Change Groups: Member left' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Change “Groups: Member left” for amelia-hart?',
  });
  const current = await dialog.getByRole('radio', { checked: true }).getAttribute('value');
  const other = current === '1' ? 'Notify' : 'Don’t notify';
  await dialog.getByRole('radio', { name: other, exact: true }).check();
  await expectAccessible(page, 'the preference change confirm');
  await dialog.getByRole('button', { name: 'Save the change' }).click();
  await expect(dialog).toBeHidden();
  await expect(groups.getByRole('row', { name: /^Member left/ })).toContainText(other);

  const stored = (await chatApi('GET', '/notifications/v1/preferences?uid=amelia-hart')).json as {
    data: { groupPreferences: { groupMemberLeft: number } };
  };
  expect(stored.data.groupPreferences.groupMemberLeft).toBe(other === 'Notify' ? 2 : 1);
  const actions = page.getByRole('table', { name: 'Console actions on amelia-hart' });
  await expect(actions.getByRole('row').nth(1)).toContainText('preferences');
  await expectAccessible(page, 'the user overview of an admin');
});
