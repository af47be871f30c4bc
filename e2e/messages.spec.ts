import type { Locator, Page } from '@playwright/test';
import {
  chatApi,
  expect,
  expectAccessible,
  pickUser,
  resetEmulator,
  scaleEmulator,
  signIn,
  test,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface ReactionPage {
  data: { id: string; reaction: string; uid: string }[];
  meta: { next?: { id: string } };
}
type ListedMessage = { id: string; data: { reactions?: { reaction: string; count: number }[] } };

const totalOf = (message: ListedMessage) =>
  (message.data.reactions ?? []).reduce((sum, r) => sum + r.count, 0);
const count = (n: number) => n.toLocaleString('en-US');

/** The seeded support-hub announcement with several hundred reactions. */
async function bigMessage(): Promise<ListedMessage> {
  const listed = (await chatApi('GET', '/messages?conversationId=group_support-hub&limit=100'))
    .json as { data: ListedMessage[] };
  const [top] = [...listed.data].sort((a, b) => totalOf(b) - totalOf(a));
  if (!top) throw new Error('no support-hub messages');
  return top;
}

/** Every reaction record of a message, counted per reaction, read straight from the service. */
async function recordCounts(id: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let after: string | undefined;
  for (;;) {
    const query = after ? `?affix=append&id=${after}` : '';
    const page = (await chatApi('GET', `/messages/${id}/reactions${query}`)).json as ReactionPage;
    for (const record of page.data)
      counts.set(record.reaction, (counts.get(record.reaction) ?? 0) + 1);
    if (!page.meta.next || page.data.length < 100) return counts;
    after = page.meta.next.id;
  }
}

async function openById(page: Page, id: string) {
  await page.getByRole('textbox', { name: 'Message id' }).fill(id);
  await page.getByRole('button', { name: 'Open message' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Message ${id}` })).toBeVisible();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const chip = (summary: Locator, reaction: string, n: number) =>
  summary.getByRole('button', {
    name: new RegExp(`^${escape(reaction)} ${count(n)} reactions?\\b`),
  });

test('support opens a message by id, reads the reaction counts and filters by one emoji', async ({
  page,
}) => {
  const message = await bigMessage();
  await signIn(page, 'support', '/messages');
  await openById(page, message.id);

  const summary = page.getByRole('group', { name: 'Reactions summary' });
  const counts = await recordCounts(message.id);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  expect(total).toBe(totalOf(message));
  await expect(
    summary.getByRole('button', { name: `All ${count(total)} reactions` }),
  ).toBeVisible();
  for (const [reaction, n] of counts) await expect(chip(summary, reaction, n)).toBeVisible();
  await expect(page.getByText(`100 of ${count(total)} reactions loaded`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'React on behalf…' })).toBeDisabled();
  await expectAccessible(page, 'message detail');

  const hearts = counts.get('❤️') ?? 0;
  await chip(summary, '❤️', hearts).click();
  await expect(page).toHaveURL(/reaction=%E2%9D%A4%EF%B8%8F/);
  const list = page.getByRole('region', { name: 'Reaction records for ❤️' });
  const rows = list.getByRole('listitem');
  await expect(rows.first()).toContainText('❤️');
  for (const text of await rows.allTextContents()) expect(text).toContain('❤️');
  await expect(
    page.getByText(`${count(hearts)} of ${count(hearts)} reactions loaded`),
  ).toBeVisible();
  await expectAccessible(page, 'reaction list filtered by one emoji');
});

test('a moderator adds and removes a reaction on behalf of a user', async ({ page }) => {
  const message = await bigMessage();
  const total = totalOf(message);
  await signIn(page, 'moderator', `/messages/${message.id}`);
  const summary = page.getByRole('group', { name: 'Reactions summary' });
  await expect(
    summary.getByRole('button', { name: `All ${count(total)} reactions` }),
  ).toBeVisible();
  await expect(summary.getByRole('button', { name: /^👍 / })).toHaveCount(0);

  const fill = async (action: 'add' | 'remove') => {
    await page.getByRole('button', { name: 'React on behalf…' }).click();
    const dialog = page.getByRole('dialog', { name: 'React on behalf of a user' });
    await expect(dialog.getByRole('group', { name: 'Common emoji' })).toBeVisible();
    if (action === 'add') await expectAccessible(page, 'on-behalf dialog with the emoji picker');
    await pickUser(
      page,
      dialog.getByRole('combobox', { name: /Act as user/ }),
      'amelia',
      /Amelia Hart/,
    );
    await expect(dialog.getByText(/You are acting on behalf of/)).toBeVisible();
    if (action === 'remove') await dialog.getByRole('radio', { name: 'Remove a reaction' }).check();
    // The picker is keyboard driven: one tab stop, arrows to move, Enter to pick.
    await dialog.getByRole('button', { name: 'thumbs down', exact: true }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    const thumbs = dialog.getByRole('button', { name: 'thumbs up', exact: true });
    await expect(thumbs).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('textbox', { name: /^Reaction/ })).toHaveValue('👍');
    await dialog
      .getByRole('textbox', { name: /Reason/ })
      .fill('Ticket 4411: reaction fixed at the user’s request');
    if (action === 'add') await expectAccessible(page, 'emoji picker with a selection');
    await dialog.getByRole('button', { name: 'Review' }).click();
  };

  await fill('add');
  const confirm = page.getByRole('dialog', { name: 'React as Amelia Hart with 👍?' });
  await expect(confirm).toContainText('Acting on behalf of Amelia Hart');
  await expectAccessible(page, 'on-behalf confirm');
  await confirm.getByRole('button', { name: 'React as Amelia Hart' }).click();
  await expect(page.getByText('Reacted as Amelia Hart with 👍.')).toBeVisible();
  await expect(chip(summary, '👍', 1)).toBeVisible();
  await expect(
    summary.getByRole('button', { name: `All ${count(total + 1)} reactions` }),
  ).toBeVisible();
  const stored = (
    await chatApi('GET', `/messages/${message.id}/reactions/${encodeURIComponent('👍')}`)
  ).json as ReactionPage;
  expect(stored.data.map((r) => r.uid)).toEqual(['amelia-hart']);

  await fill('remove');
  const removal = page.getByRole('dialog', { name: 'Remove Amelia Hart’s 👍 reaction?' });
  await removal.getByRole('button', { name: 'Remove reaction' }).click();
  await expect(page.getByText('Removed Amelia Hart’s 👍 reaction.')).toBeVisible();
  await expect(summary.getByRole('button', { name: /^👍 / })).toHaveCount(0);
  await expect(
    summary.getByRole('button', { name: `All ${count(total)} reactions` }),
  ).toBeVisible();
  const after = (
    await chatApi('GET', `/messages/${message.id}/reactions/${encodeURIComponent('👍')}`)
  ).json as ReactionPage;
  expect(after.data).toEqual([]);
});

test('the reaction list scrolls through 10,000 reactions with only a few hundred rows in the DOM', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const message = await bigMessage();
  // 10,000 more reactions, one by each of 10,000 new members of the group, written in one go.
  await scaleEmulator({ users: 10_000, prefix: 'reactor', reactionsOn: message.id });
  const fetched = (await chatApi('GET', `/messages/${message.id}`)).json as { data: ListedMessage };
  const total = totalOf(fetched.data);
  expect(total).toBe(totalOf(message) + 10_000);

  await signIn(page, 'support', `/messages/${message.id}`);
  const list = page.getByRole('region', { name: 'Reaction records' });
  const rows = list.getByRole('listitem');
  await expect(page.getByText(`100 of ${count(total)} reactions loaded`)).toBeVisible();
  await expectAccessible(page, 'reaction list');

  const done = page.getByText(`${count(total)} of ${count(total)} reactions loaded`);
  let most = 0;
  const lastShown = async () => Number(await rows.last().getAttribute('aria-posinset'));
  for (let step = 0; step < 2000 && !(await done.isVisible()); step += 1) {
    const before = await lastShown();
    await list.evaluate((element) => element.scrollBy(0, 4000));
    // Each scroll shows later records (loading the next page when needed), or the list is complete.
    await expect
      .poll(async () => (await done.isVisible()) || (await lastShown()) > before)
      .toBe(true);
    most = Math.max(most, await rows.count());
  }
  await expect(done).toBeVisible();
  expect(most).toBeGreaterThan(5);
  expect(most).toBeLessThanOrEqual(300);
  // At the bottom, the last record is in view and the first ones are gone from the DOM.
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(rows.last()).toHaveAttribute('aria-posinset', String(total));
  expect(await list.locator('li[aria-posinset="1"]').count()).toBe(0);
});
