import { readFile } from 'node:fs/promises';
import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.use({ timezoneId: 'UTC' });

test.beforeEach(async () => {
  await resetEmulator();
});

type Listed = { data: { id: string; sentAt: number }[] };

/** `YYYY-MM-DDTHH:mm` in UTC, as the browser's datetime-local field takes it here. */
const minuteOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16);

test('support searches messages by text and sender in a time window, opens one and its sender', async ({
  page,
}) => {
  const all = (await chatApi('GET', '/messages?sender=olivia-bennett&searchKey=lunch&limit=100'))
    .json as Listed;
  const newest = all.data[0];
  if (!newest || all.data.length < 2) throw new Error('the seed has too few lunch messages');
  // A window of the minutes around the newest one: earlier lunch messages fall outside it.
  const from = Math.floor(newest.sentAt / 60) * 60 - 60;
  const to = from + 180;
  const inWindow = (
    await chatApi(
      'GET',
      `/messages?sender=olivia-bennett&searchKey=lunch&fromTimestamp=${from}&toTimestamp=${to}&limit=100`,
    )
  ).json as Listed;
  expect(inWindow.data.length).toBeLessThan(all.data.length);

  const searches: string[] = [];
  page.on('request', (request) => {
    if (/\/messages\?/.test(request.url()) && request.resourceType() === 'fetch')
      searches.push(request.url());
  });
  await signIn(page, 'support', '/messages');
  const form = page.getByRole('search', { name: 'Search messages' });
  await form.getByRole('textbox', { name: 'Sender uid' }).fill('olivia bennett');
  await expect(form.getByText('Only letters, digits, "_" and "-"')).toBeVisible();
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  expect(searches).toEqual([]);
  await expectAccessible(page, 'message search with an error');

  await form.getByRole('textbox', { name: 'Sender uid' }).fill('olivia-bennett');
  await form.getByRole('textbox', { name: 'Text' }).fill('lunch');
  await form.getByLabel('Sent from').fill(minuteOf(from));
  await form.getByLabel('Sent until').fill(minuteOf(to));
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=lunch&sender=olivia-bennett&from=${from}&to=${to}`));
  const table = page.getByRole('table', { name: 'Search results' });
  const links = table.getByRole('link', { name: /^Message / });
  await expect(links).toHaveText(inWindow.data.map((message) => message.id));
  // The pointer still rests on Search, whose hover shade is not what axe should judge.
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'message search results');

  // The results to CSV, through the same resumable export as the reactions.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('message-search.csv');
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  expect(header).toMatch(/^id,sentAt,sentAtUnix,sender,/);
  expect(rows.map((row) => row.split(',')[0])).toEqual(inWindow.data.map((m) => String(m.id)));
  await expect(
    page.getByText(
      `Exported ${inWindow.data.length} message${inWindow.data.length === 1 ? '' : 's'} to CSV.`,
    ),
  ).toBeVisible();

  await links.first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Message ${newest.id}` })).toBeVisible();
  await page.goBack();
  await expect(links).toHaveText(inWindow.data.map((message) => message.id));
  await table.getByRole('link', { name: 'Sender Olivia Bennett (olivia-bennett)' }).first().click();
  await expect(page).toHaveURL(/\/users\/olivia-bennett$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olivia Bennett');
  await expect(
    page
      .getByRole('table', { name: 'Latest messages of olivia-bennett' })
      .getByRole('link', { name: /^#\d+$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Blocked, flagged and reviewed' })).toBeVisible();
});
