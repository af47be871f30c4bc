import { e2eEnv, canaryKey } from './env';
import {
  chatApi,
  expect,
  expectAccessible,
  expectNoOthersClaims,
  resetEmulator,
  signIn,
  test,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

/** A message jack-murphy just sent to the group hiking-club, held back by the profanity rule. */
async function blockInHikingClub(text: string): Promise<string> {
  const response = await fetch(`${e2eEnv.emulatorUrl}/__emulator/blocked-messages`, {
    method: 'POST',
    headers: { apikey: canaryKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      sender: 'jack-murphy',
      receiver: 'hiking-club',
      receiverType: 'group',
      ruleId: 'text-profanity-filter',
      text,
    }),
  });
  if (!response.ok) throw new Error(`blocked message not added: ${response.status}`);
  const body = (await response.json()) as { data: { message: { id: string } } };
  return body.data.message.id;
}

const bannedUids = async () => {
  const { json } = await chatApi('GET', '/groups/hiking-club/bannedusers');
  return (json as { data: { uid: string }[] }).data.map((user) => user.uid);
};

test('a moderator bans the sender of a queue item from its group with a reason; the history shows it', async ({
  page,
}) => {
  await blockInHikingClub('you lot are useless, damn it');
  await signIn(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(list.getByRole('option').first()).toContainText('you lot are useless, damn it');
  await page.keyboard.press('o');
  const sender = page
    .getByRole('complementary', { name: 'Conversation context' })
    .getByRole('region', { name: 'Sender Jack Murphy' });
  await expect(sender.getByRole('button', { name: 'Deactivate user' })).toBeDisabled();
  await expect(sender).toContainText('Deactivate user: Only admin operators can do this.');

  await sender.getByRole('button', { name: 'Ban from Hiking Club' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban Jack Murphy from Hiking Club?' });
  await expect(dialog).toContainText('Jack Murphy (jack-murphy)');
  await expect(dialog).toContainText('Hiking Club (hiking-club)');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Abuse in the club, third time');
  await expectAccessible(page, 'ban the sender confirm dialog');
  await dialog.getByRole('button', { name: 'Ban from Hiking Club' }).click();
  await expect(
    sender.getByText('Jack Murphy (jack-murphy) banned from Hiking Club.'),
  ).toBeVisible();
  await expect(sender.getByRole('button', { name: 'Undo ban' })).toBeVisible();
  expect(await bannedUids()).toContain('jack-murphy');

  await page.goto('/moderation/blocked?view=history&act=ban');
  const actions = page.getByRole('table', { name: 'Operator actions on blocked messages' });
  const row = actions.getByRole('row', { name: /Banned jack-murphy from hiking-club/ });
  await expect(row).toContainText('mo');
  await expect(row).toContainText('Abuse in the club, third time');
  await expect(row).toContainText('Done (200)');
  await expectAccessible(page, 'history of bans');
});
