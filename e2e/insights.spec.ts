import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { operators } from './env';
import {
  expect,
  expectAccessible,
  expectNoOthersClaims,
  resetEmulator,
  screenshotPath,
  signIn,
  test,
} from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface Figures {
  data: {
    totals: { decided: number };
    moderators: { operator: string; approved: number; rejected: number; deleted: number }[];
    rules: { ruleId: string | null; ruleName: string | null; decided: number }[];
  };
}

/** The figures as the page reads them, with the operator's session (other specs decide too). */
async function figures(page: Page): Promise<Figures['data']> {
  const res = await page.request.get('/console/insights?range=24h');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Figures).data;
}

const moderator = operators.moderator.username;
const countsOf = (data: Figures['data']) =>
  data.moderators.find((entry) => entry.operator === moderator) ?? {
    approved: 0,
    rejected: 0,
    deleted: 0,
  };

test('a moderator decides three blocked messages, then reads them in the insights, as charts, tables and CSV', async ({
  page,
}) => {
  await signIn(page, 'moderator', '/moderation/blocked');
  await expectNoOthersClaims(page);
  const before = countsOf(await figures(page));

  const list = page.getByRole('listbox', { name: 'Blocked messages' });
  await expect(list.getByRole('option')).toHaveCount(13);
  await page.keyboard.press('a');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Approved message 192 /)).toBeVisible();
  await page.keyboard.press('r');
  await expect(page.getByText(/^Rejected message 187 /)).toBeVisible();
  await page.keyboard.press('d');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Deleted message 182 /)).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(10);

  // Home: the day's figures with their sparklines, linking to the insights.
  await page.getByRole('link', { name: 'Home' }).click();
  const glance = page.getByRole('region', { name: 'Moderation, last 24 hours' });
  await expect(
    glance.getByRole('img', { name: /^Decisions per hour, last 24 hours/ }),
  ).toBeVisible();
  await glance.getByRole('link', { name: 'Open moderation insights' }).click();
  await expect(page).toHaveURL(/\/moderation\/insights$/);
  await page.getByRole('button', { name: 'Last 24 hours' }).click();
  await expect(page).toHaveURL(/\/moderation\/insights\?range=24h$/);

  const after = await figures(page);
  const mine = countsOf(after);
  expect(mine).toEqual({
    operator: moderator,
    approved: before.approved + 1,
    rejected: before.rejected + 1,
    deleted: before.deleted + 1,
  });

  const decisions = page.getByRole('region', { name: 'Decisions', exact: true });
  await expect(decisions.getByRole('figure').locator('svg').first()).toBeVisible();
  await decisions.getByRole('button', { name: 'Show as table' }).click();
  await expect(
    decisions.getByRole('table', { name: 'Decisions per hour, last 24 hours' }),
  ).toBeVisible();

  const byModerator = page.getByRole('region', { name: 'Decisions by moderator', exact: true });
  await expect(byModerator.getByRole('figure').locator('svg').first()).toBeVisible();
  await byModerator.getByRole('button', { name: 'Show as table' }).click();
  await expect(
    byModerator
      .getByRole('table', { name: 'Decisions by moderator, last 24 hours' })
      .getByRole('row', { name: new RegExp(`^${moderator} `) }),
  ).toHaveText(
    new RegExp(`^${moderator}\\s*${mine.approved}\\s*${mine.rejected}\\s*${mine.deleted}$`),
  );

  // The live queue sampled the queue while it was open.
  const queue = page.getByRole('region', { name: 'Queue over time', exact: true });
  await queue.getByRole('button', { name: 'Show as table' }).click();
  await expect(
    queue.getByRole('table', { name: 'Queue samples, last 24 hours' }).getByRole('row'),
  ).not.toHaveCount(1);

  // Each decided message was listed by the queue: its rule is known, none is "rule unknown".
  const rules = page.getByRole('table', { name: 'Decisions per rule, last 24 hours' });
  for (const rule of after.rules.filter((entry) => entry.decided > 0)) {
    expect(rule.ruleId, 'every decision of this test has a known rule').not.toBeNull();
    await expect(
      rules.getByRole('link', { name: new RegExp(`^${rule.ruleName ?? rule.ruleId}:`) }),
    ).toHaveAttribute('href', `/moderation/blocked?rule=${rule.ruleId}`);
  }
  await expectAccessible(page, 'moderation insights with their tables');
  await page.screenshot({ path: screenshotPath('screenshot-insights.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^moderation-insights-24h-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^figure,period_start,operator,rule_id,rule_name,approved,/);
  expect(lines).toContain(
    `moderator,,${moderator},,,${mine.approved},${mine.rejected},${mine.deleted},${mine.approved + mine.rejected + mine.deleted},,,,,`,
  );
  expect(lines.filter((line) => line.startsWith('rule,')).length).toBe(after.rules.length);

  // The rule's link opens the queue filtered by it.
  const firstRule = after.rules.find((entry) => entry.ruleId !== null && entry.decided > 0);
  if (!firstRule?.ruleId) throw new Error('a decided rule');
  await rules
    .getByRole('link', { name: new RegExp(`^${firstRule.ruleName ?? firstRule.ruleId}:`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/moderation/blocked\\?rule=${firstRule.ruleId}$`));
});
