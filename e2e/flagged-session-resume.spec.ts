import { operators } from './env';
import { chatApi, expect, resetEmulator, signIn, test } from './fixtures';
import { auditRows, endSessionsBefore, signInInPlace } from './sessions';

test.beforeEach(async () => {
  await resetEmulator();
});

interface Flag {
  id: string;
  data: { moderation?: { status?: string } };
}

/** The flags the service lists as pending, and the decided ones of its reviewed list. */
async function flags(): Promise<{ pending: string[]; reviewed: Flag[] }> {
  const pending = await chatApi('GET', '/moderation/flagged-messages');
  const reviewed = await chatApi('GET', '/moderation/reviewed-messages');
  return {
    pending: (pending.json as { data: { id: string }[] }).data.map((item) => item.id),
    // Decided flags are the reviewed items with reports (`flaggedBy`).
    reviewed: (reviewed.json as { data: { message: Flag; flaggedBy?: unknown }[] }).data
      .filter((item) => Array.isArray(item.flaggedBy))
      .map((item) => item.message),
  };
}

test('a session ended mid-review of a flag: sign in on the flagged queue, and the block with its reason and note goes through once @replicas', async ({
  page,
}) => {
  const { username, role } = operators.moderator;
  const first = (await flags()).pending[0]!;
  await signIn(page, 'moderator', '/moderation/flagged');
  const list = page.getByRole('listbox', { name: 'Flagged messages' });
  await expect(list).toHaveAttribute('aria-activedescendant', `flagged-item-${first}`);
  await list.focus();
  await page.keyboard.press('b');
  const block = page.getByRole('dialog', { name: /^Block message/ });
  await block.getByRole('combobox', { name: 'Moderation reason (optional)' }).click();
  await page.getByRole('option', { name: 'Spam / Unwanted Content' }).click();
  const note = 'Same link in five groups today';
  await block.getByRole('textbox', { name: 'Note (optional)' }).fill(note);

  await endSessionsBefore(page, 'moderator', () =>
    block.getByRole('button', { name: 'Block' }).click(),
  );

  const ended = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(ended).toContainText(`What you asked for waits to be sent as ${username}`);
  await expect(page).toHaveURL(/\/moderation\/flagged$/);
  await signInInPlace(page, 'moderator');

  await expect(page.getByText('1 blocked.')).toBeVisible();
  await expect(page.getByTestId('operator')).toHaveText(`${username} · ${role}`);
  await expect(list.locator(`#flagged-item-${first}`)).toHaveCount(0);
  const audit = await auditRows<{
    action: string;
    note: string | null;
    reason: string | null;
    upstreamStatus: number | null;
  }>();
  expect(audit.filter((row) => row.action === 'flagged.review' && row.note === note)).toEqual([
    expect.objectContaining({ reason: 'Spam / Unwanted Content', upstreamStatus: 200 }),
  ]);
  const after = await flags();
  expect(after.pending).not.toContain(first);
  expect(after.reviewed.filter((flag) => flag.id === first)).toEqual([
    expect.objectContaining({
      data: expect.objectContaining({ moderation: { status: 'disapproved' } }),
    }),
  ]);
});
