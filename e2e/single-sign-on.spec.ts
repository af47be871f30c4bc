import type { Page } from '@playwright/test';
import { e2eEnv } from './env';
import { axeViolations, expect, test } from './fixtures';

// Single sign-on in Chromium against a real OpenID provider (oidc-provider, e2e/identity-provider.ts)
// that the console is set up with: CONSOLE_OIDC_* in e2e/env.ts map its groups to console roles.

/** From a console page to the provider's sign-in form and back, as `login`. */
async function signInAtProvider(page: Page, login: string, next = '/users') {
  await page.goto(next);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByRole('link', { name: 'Sign in with Example ID' }).click();
  await expect(page).toHaveURL(new RegExp(`^${e2eEnv.identityProviderUrl}/interaction/`));
  await page.getByLabel('User name').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in at the provider as `login` but keeps its answer instead of following it: the URL the
 * provider sends the browser back to (the browser holds the sign-in's cookies, as it would).
 */
async function answerFromProvider(page: Page, login: string): Promise<URL> {
  // Signed out at the provider (its cookies start with _), so it asks who signs in.
  await page.context().clearCookies({ name: /^_/ });
  await page.goto('/users');
  await page.getByRole('link', { name: 'Sign in with Example ID' }).click();
  await expect(page.getByLabel('User name')).toBeVisible();
  const action = (await page.locator('form').getAttribute('action')) ?? '';
  let response = await page.request.post(new URL(action, page.url()).href, {
    form: { login },
    maxRedirects: 0,
  });
  for (let hop = 0; hop < 10; hop++) {
    const next = new URL(response.headers().location ?? '', response.url());
    if (next.pathname === '/auth/sso/callback') return next;
    response = await page.request.get(next.href, { maxRedirects: 0 });
  }
  throw new Error('the provider never sent the browser back');
}

test.describe('Single sign-on', () => {
  // Which group maps to which role is the same on either replica: one sign-in on both stacks proves
  // the sign-in's state is shared, the other roles run on the single console.
  for (const [login, role, stacks] of [
    ['lena', 'admin', ' @replicas'],
    ['omar', 'moderator', ''],
    ['sue', 'support', ''],
  ] as const) {
    test(`signs ${login} in through the provider as ${role}, back on the page asked for${stacks}`, async ({
      page,
    }) => {
      await signInAtProvider(page, login);
      await expect(page).toHaveURL(/\/users$/);
      await expect(page.getByText(`${login} · ${role}`)).toBeVisible();
      await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    });
  }

  test('signs out at the provider too, and back on the sign-in page @replicas', async ({
    page,
  }) => {
    await signInAtProvider(page, 'omar', '/');
    await expect(page.getByText('omar · moderator')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(new RegExp(`^${e2eEnv.identityProviderUrl}/session/end`));
    await page.getByRole('button', { name: /yes, sign me out/i }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('refuses a user of no mapped group with a page that says why', async ({ page }) => {
    await signInAtProvider(page, 'nobody');
    await expect(
      page.getByRole('heading', { name: 'You have no access to the console' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect(page.getByRole('link', { name: 'Sign in with Example ID' })).toBeVisible();
  });

  test('refuses an answer with another state, and the same answer twice @replicas', async ({
    page,
  }) => {
    // Another state: the answer does not belong to this browser's sign-in.
    const forged = await answerFromProvider(page, 'lena');
    forged.searchParams.set('state', 'not-the-state-this-browser-sent');
    await page.goto(forged.href);
    await expect(
      page.getByRole('heading', { name: 'This sign-in could not be verified' }),
    ).toBeVisible();

    // The genuine answer, used once, then replayed.
    const genuine = await answerFromProvider(page, 'lena');
    await page.goto(genuine.href);
    await expect(page.getByText('lena · admin')).toBeVisible();
    await page.goto(genuine.href);
    await expect(
      page.getByRole('heading', { name: 'This sign-in has expired or was already used' }),
    ).toBeVisible();
  });

  test('refuses an expired ID token from a provider whose clock is two hours slow', async ({
    page,
  }) => {
    const setOffset = (seconds: number) =>
      fetch(`${e2eEnv.identityProviderUrl}/__test/clock-offset?seconds=${seconds}`, {
        method: 'POST',
      });
    await setOffset(-2 * 60 * 60);
    try {
      await signInAtProvider(page, 'sue');
      await expect(
        page.getByRole('heading', { name: 'This sign-in could not be verified' }),
      ).toBeVisible();
    } finally {
      await setOffset(0);
    }
    await page.goto('/users');
    await expect(page).toHaveURL(/\/sign-in/);
  });
});
