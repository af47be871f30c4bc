import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Page } from '@playwright/test';
import { startConsole, type RunningConsole } from '../server/proxy/start';
import { canaryKey, e2eEnv } from './env';
import {
  axeViolations,
  chatApi,
  expect,
  expectAccessible,
  resetEmulator,
  signIn,
  test,
} from './fixtures';

test.beforeAll(async () => {
  await resetEmulator();
});

/** A page a person can read: a heading, words, a way back; no raw JSON and nothing to act on. */
async function expectDesignedPage(page: Page, heading: string, back: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('link', { name: back }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('{"error"');
  await expect(page.locator('body')).not.toContainText('"message"');
}

test('a refused address opened in the browser shows a page with the status, not JSON', async ({
  page,
}) => {
  await signIn(page, 'admin');
  for (const address of ['/users/a%2Fb', '/groups/..%2Fusers/banned']) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(400);
    await expectDesignedPage(page, 'This address cannot be opened', 'Go to the console’s home');
    await expect(page.getByRole('button')).toHaveCount(0);
  }
  // The server's own page (not the SPA) follows the system's colour scheme.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(
      await axeViolations(page, colorScheme === 'light' ? 'all' : 'colour'),
      colorScheme,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('link', { name: 'Go to the console’s home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('the accessibility check names what fails on a page, in either colour scheme', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Pale grey on white, and a field without a name: what the journeys' checks must catch.
  await page.evaluate(() => {
    const note = document.createElement('p');
    note.textContent = 'Hard to read';
    note.style.cssText = 'color: #ccc; background: #fff';
    const field = document.createElement('input');
    document.body.append(note, field);
  });
  const light = await axeViolations(page, 'all');
  expect(light.join('\n')).toMatch(/^color-contrast \(serious\): .*#cccccc.*#ffffff/m);
  expect(light.join('\n')).toMatch(/^label \(critical\): body > input/m);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await axeViolations(page, 'colour')).toEqual([
    expect.stringMatching(/^color-contrast \(serious\): /),
  ]);
});

test('a message, group or user that does not exist says so and offers nothing to act on', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const main = page.getByRole('main');
  const missing: [string, string, string, string][] = [
    ['/messages/abc', 'Message not found', 'No message “abc”', 'Messages'],
    ['/messages/999999', 'Message not found', 'No message “999999”', 'Messages'],
    ['/groups/no-such-group/banned', 'Group not found', 'No group “no-such-group”', 'All groups'],
    ['/users/no-such-user', 'User not found', 'No user “no-such-user”', 'All users'],
  ];
  for (const [address, heading, what, back] of missing) {
    await page.goto(address);
    await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(main.getByText(what)).toBeVisible();
    await expect(main.getByRole('link', { name: back })).toBeVisible();
    // No retry, no ban, no delete: the page itself has no button at all.
    await expect(main.getByRole('button')).toHaveCount(0);
    await expect(main).not.toContainText('does not know this address');
  }
  await expectAccessible(page, 'missing group');
});

test.describe('the one-time sign-in link of a first start', () => {
  let running: RunningConsole;
  let dataDir: string;
  test.beforeAll(async () => {
    // A console of its own with an empty store: its first start makes the admin and the link.
    dataDir = mkdtempSync(join(tmpdir(), 'console-first-start-'));
    running = await startConsole({
      port: 0,
      dataDir,
      staticDir: 'dist',
      upstream: { baseUrl: `${e2eEnv.emulatorUrl}/v3`, apiKey: canaryKey },
      logger: pino({ level: 'warn' }),
    });
  });
  test.afterAll(async () => {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('signs in once and says so on the password page; a second use shows a page', async ({
    page,
    browser,
  }) => {
    const link = running.bootstrap?.link ?? '';
    expect(link).toContain('/auth/one-time?token=');
    await page.goto(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your password' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'You signed in with a one-time sign-in link, admin. Choose your password to continue; the link works only once.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/set by an admin/)).toHaveCount(0);

    // The same link again, from another browser: spent.
    const other = await browser.newPage();
    const response = await other.goto(link);
    expect(response?.status()).toBe(401);
    await expectDesignedPage(other, 'This sign-in link cannot be used', 'Go to sign-in');
    await expect(other.getByText(/already used, has expired/)).toBeVisible();
    await other.getByRole('link', { name: 'Go to sign-in' }).click();
    await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await other.close();
  });
});

test('the reset preview names no value the reset then contradicts, on the service', async ({
  page,
}) => {
  // A user with choices of their own, and the privacy template left to the app's default.
  const patched = await chatApi('PATCH', '/notifications/v1/preferences?uid=amelia-hart', {
    groupPreferences: { groupMessages: 3 },
  });
  expect(patched.status).toBe(200);
  await signIn(page, 'support', '/users/amelia-hart');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Reset notification preferences of amelia-hart?',
  });
  const preview = dialog.getByRole('table', { name: 'Settings the reset returns' });
  await expect(preview.getByRole('row', { name: /^Groups: Messages/ })).toBeVisible();
  const said = new Map<string, string>();
  for (const row of await preview.getByRole('row').all()) {
    const cells = await row.locator('th, td').allTextContents();
    if (cells[0] !== 'Setting') said.set(cells[0] ?? '', cells[2] ?? '');
  }
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.getByText(/^Preferences reset\./)).toBeVisible();

  // What the service holds now, read from it directly.
  const stored = (await chatApi('GET', '/notifications/v1/preferences?uid=amelia-hart')).json as {
    data: { usePrivacyTemplate: boolean; groupPreferences: { groupMessages: number } };
  };
  expect(stored.data.groupPreferences.groupMessages).toBe(2);
  const privacyNow = stored.data.usePrivacyTemplate ? 'On (notifications hide the content)' : 'Off';
  expect(said.get('Muting: Privacy template')).toMatch(
    new RegExp(`^(The app’s default|${privacyNow.replace(/[()]/g, '\\$&')})$`),
  );
  // And every value the preview named is what the page shows from the service now.
  for (const [label, after] of said) {
    if (after === 'The app’s default') continue;
    const [section, name] = label.split(': ');
    const table = page.getByRole('table', {
      name: section === 'Schedule' ? 'Notification schedule' : section,
    });
    await expect(table.getByRole('row', { name: new RegExp(`^${name}`) })).toContainText(after);
  }
  await expect(
    page.getByRole('table', { name: 'Muting' }).getByRole('row', { name: /^Privacy template/ }),
  ).toContainText(privacyNow);
});
