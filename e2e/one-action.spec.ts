import type { Page, Request } from '@playwright/test';
import {
  chatApi,
  expect,
  expectNoOthersClaims,
  releaseOwnClaims,
  resetEmulator,
  signIn,
  test,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

/** Ids the service lists as pending. */
async function pendingIds(): Promise<string[]> {
  const { json } = await chatApi('GET', '/moderation/blocked-messages');
  return (json as { data: { message: { id: string } }[] }).data.map((item) => item.message.id);
}

/** Every request the page sends with this method to a path under `/api/` starting with `prefix`. */
function recordWrites(page: Page, method: string, prefix: string): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === method && path.startsWith(`/api/${prefix}`)) paths.push(path);
  });
  return paths;
}

const rejected = /^Rejected message (\d+) from .+: it stays blocked\.$/;

test('a double-click on Reject and a quick double r each decide one message @replicas', async ({
  page,
}) => {
  const patches = recordWrites(page, 'PATCH', 'moderation/blocked-messages/');
  await signIn(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(list.getByRole('option')).toHaveCount(13);
  const toast = page.getByText(rejected);

  await page.getByRole('button', { name: 'Reject' }).dblclick();
  await expect(toast).toBeVisible();
  const first = rejected.exec((await toast.textContent()) ?? '')?.[1];
  await expect(list.getByRole('option')).toHaveCount(12);
  expect(patches).toEqual([`/api/moderation/blocked-messages/${first}`]);
  expect(await pendingIds()).toHaveLength(12);
  expect(await pendingIds()).not.toContain(first);

  const next = (await list.getAttribute('aria-activedescendant'))?.replace('queue-item-', '');
  await page.keyboard.press('r');
  await page.keyboard.press('r');
  await expect(page.getByText(`Rejected message ${next} from`)).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(11);
  expect(patches).toEqual([
    `/api/moderation/blocked-messages/${first}`,
    `/api/moderation/blocked-messages/${next}`,
  ]);
  expect(await pendingIds()).toHaveLength(11);
  await releaseOwnClaims(page, 'moderator');
});

test('a double-click on the message page\'s "Delete message" sends one DELETE, audited once @replicas', async ({
  page,
}) => {
  const listed = (await chatApi('GET', '/messages?conversationId=group_support-hub&limit=20'))
    .json as { data: { id: string; category: string; deletedAt?: number }[] };
  const id = listed.data.find(
    (message) => message.category === 'message' && message.deletedAt === undefined,
  )?.id;
  if (!id) throw new Error('no message to delete');
  const deletes = recordWrites(page, 'DELETE', 'messages/');
  await signIn(page, 'moderator', `/messages/${id}`);
  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete message ${id}?` });
  await dialog.getByRole('button', { name: 'Delete message' }).dblclick();
  await expect(page.getByText(`Message ${id} deleted.`)).toBeVisible();
  expect(deletes).toEqual([`/api/messages/${id}`]);

  const audit = await page.request.get('/console/audit?operation=messages.delete');
  const rows = ((await audit.json()) as { data: { targets: { id?: string } }[] }).data;
  expect(rows.filter((row) => row.targets.id === id)).toHaveLength(1);
});
