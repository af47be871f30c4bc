import { e2eEnv } from './env';
import { expect, resetEmulator, signIn, test } from './fixtures';

test('collect debug', async ({ page }) => {
  test.setTimeout(300_000);
  await resetEmulator();
  await fetch(`${e2eEnv.emulatorUrl}/__emulator/seed`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'large' }) });
  page.on('response', (r) => {
    if (r.url().includes('/api/users')) void r.text().then((t) => console.log(r.status(), r.url(), t.length, t.slice(-160)));
  });
  await signIn(page, 'admin', '/users?q=load-01');
  await expect(page.getByText('1–25 of 10,000')).toBeVisible();
  await page.getByRole('button', { name: 'Select all 10,000 matching' }).click();
  await page.waitForTimeout(20000);
  console.log(await page.getByText(/selected$/).textContent());
  await resetEmulator();
});
