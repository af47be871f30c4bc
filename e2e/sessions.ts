import type { APIRequestContext, Page, Route } from '@playwright/test';
import { operators, type OperatorKey } from './env';
import { consoleClient, expect, sessionOf } from './fixtures';

/** The console server, called as the admin would from their own browser. */
export async function adminConsole(): Promise<APIRequestContext> {
  return consoleClient(await sessionOf('admin'));
}

/** Ends every session of the operator on the server, as an admin does from the Operators page. */
export async function endSessionsOf(who: OperatorKey): Promise<void> {
  const admin = await adminConsole();
  try {
    const answer = await admin.delete(`/console/operators/${operators[who].username}/sessions`);
    expect(answer.status()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/** The page's calls to the console server: any of them can tell it that its session ended. */
const isRead = (url: URL) => url.pathname === '/auth/me' || /^\/(api|console)\//.test(url.pathname);

/**
 * What the page sends by itself rather than for the act: its reads (the session check, a queue's
 * poll or live stream) and the live queue's claims, taken and given back as the cursor rests.
 */
const isBackground = (route: Route) =>
  route.request().method() === 'GET' ||
  /^\/console\/queue\/claims(\/|$)/.test(new URL(route.request().url()).pathname);

/**
 * Ends the operator's sessions, then runs `act` (the click that meets the ended session) before the
 * page learns of the end by itself: what it sends by itself (isBackground) is held until `act` is
 * done. Otherwise one of those can win the race (a claim taken late on a loaded machine did), and
 * the click lands on the sign-in dialog instead of sending anything.
 */
export async function endSessionsBefore(
  page: Page,
  who: OperatorKey,
  act: () => Promise<void>,
): Promise<void> {
  const held: Route[] = [];
  let acted = false;
  const hold = (route: Route) =>
    acted || !isBackground(route) ? route.continue() : void held.push(route);
  await page.route(isRead, hold);
  try {
    await endSessionsOf(who);
    await act();
  } finally {
    // Released before the route is removed: removing it first hands the held reads on already.
    acted = true;
    for (const route of held) await route.continue();
    await page.unroute(isRead, hold);
  }
}

/** Signs in again in the dialog the page shows in place; the username is filled in already. */
export async function signInInPlace(page: Page, who: OperatorKey): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog.getByLabel('Username')).toHaveValue(operators[who].username);
  await dialog.getByLabel('Password').fill(operators[who].password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** The audit rows the admin reads, as the console server answers them. */
export async function auditRows<Row>(): Promise<Row[]> {
  const admin = await adminConsole();
  try {
    return ((await (await admin.get('/console/audit')).json()) as { data: Row[] }).data;
  } finally {
    await admin.dispose();
  }
}
