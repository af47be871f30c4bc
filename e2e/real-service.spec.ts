import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv } from './env';
import { expectAccessible } from './fixtures';
import { startStandIn, type StandIn } from './stand-in/service';

/**
 * The console pointed (`CHAT_BASE_URL`) at a stand-in that answers like the real Chat API: the
 * documented bodies of real-responses.json, with fields nobody documented and one odd item in every
 * list. Every page must show its data; odd items show as unsupported rows; nothing claims a permission
 * value the service did not report.
 */
const port = e2eEnv.realServicePort;
const origin = `http://127.0.0.1:${port}`;
const dir = `${e2eEnv.dir}-real-service`;
const apiKey = 'CANARY-real-service-7d1c';
const admin = { username: 'rita', password: 'real-service-password' };

let standIn: StandIn;
let consoleProcess: ChildProcess;

/** Up once it answers: `/auth/me` says 401 to a browser that is not signed in. */
async function waitForConsole(): Promise<void> {
  const status = () =>
    fetch(`${origin}/auth/me`).then(
      (res) => res.status,
      () => 'not listening',
    );
  await expect.poll(status, { message: 'the console did not start', timeout: 60_000 }).toBe(401);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = await startStandIn({ apiKey, variants: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(`${dir}/data`, { recursive: true });
  const env = {
    ...process.env,
    CONSOLE_DATA_DIR: `${dir}/data`,
    CONSOLE_PORT: String(port),
    CHAT_BASE_URL: standIn.baseUrl,
    CHAT_API_KEY: apiKey,
    LOG_LEVEL: 'warn',
  };
  execFileSync(
    'npx',
    [
      'tsx',
      'server/proxy/operator-cli.ts',
      'add',
      admin.username,
      '--role',
      'admin',
      '--own-password',
    ],
    {
      input: `${admin.password}\n`,
      env,
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  consoleProcess = spawn('npx', ['tsx', 'server/main.ts', '--no-build'], {
    env,
    stdio: 'ignore',
    detached: true,
  });
  await waitForConsole();
});

test.afterAll(async () => {
  if (consoleProcess.pid) process.kill(-consoleProcess.pid, 'SIGTERM');
  await standIn.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${admin.username} · admin`)).toBeVisible();
}

/** The page shows `expected`, at least one unsupported row when the answer had an odd item, and no failure. */
async function expectPage(
  page: Page,
  path: string,
  expected: (string | RegExp)[],
  unsupported = true,
): Promise<void> {
  await page.goto(`${origin}${path}`);
  // Visible text only: a filter's native select lists the same names as hidden options.
  for (const text of expected)
    await expect(
      page.getByText(text).filter({ visible: true }).first(),
      `${path} shows ${String(text)}`,
    ).toBeVisible();
  if (unsupported)
    await expect(
      page.getByRole('region', { name: 'Unsupported items' }).first(),
      `${path} lists the odd item`,
    ).toBeVisible();
  await expect(page.getByText(/could not be loaded|Unexpected response/)).toHaveCount(0);
}

test("every page works against the real service's documented answers and their variants", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expectPage(page, '/users', ['Barry Allen', 'George Alan']);
  await expectPage(page, '/users/cometchat-uid-6', ['Barry Allen'], false);
  await expectPage(page, '/groups', ['Hiking Group']);
  await expectPage(page, '/groups/cometchat-guid-1/banned', ['Barry Allen']);
  await expectPage(page, '/roles', ['Default Role', 'manager']);
  await expectPage(page, '/moderation/reasons', ['Spam / Unwanted Content', 'RawContent']);
  await expectPage(page, '/messages?mode=group&group=cometchat-guid-1', [
    /Andrew Joseph joined Hiking Group/,
    /interactive/,
  ]);
  await expectPage(page, '/messages/2', ['Hi,', 'George Alan']);
  await expectPage(page, '/moderation/blocked', [/Blocked by AI Image Moderation/]);
  await expectPage(page, '/moderation/blocked?tab=history', [/AI Image Moderation/]);
  await expectPage(page, '/', [/pending/i], false);

  // Only documented query parameters reached the service: none on the moderation lists.
  const moderationReads = standIn.seen.filter((line) => line.startsWith('GET /v3/moderation/'));
  expect(moderationReads.length).toBeGreaterThan(0);
  for (const line of moderationReads)
    expect(line, 'moderation lists document no parameter').not.toContain('?');
  expect(
    standIn.seen.filter(
      (line) =>
        /[?&](limit|status|ruleId|sender)=/.test(line) && !line.startsWith('GET /v3/messages?'),
    ),
  ).toEqual([]);
});

test('the role editor never states a value the service did not report', async ({ page }) => {
  await signIn(page);
  await page.goto(`${origin}/roles`);
  await expect(
    page.getByRole('table', { name: 'Roles' }).getByRole('row', { name: /^default / }),
  ).toContainText('Unknown: not reported yet');
  await page.goto(`${origin}/roles/default`);
  await expect(page.getByText(/Every value below is unknown/)).toBeVisible();
  // The catalog answer's undocumented entry is a row of its own; the editor works around it.
  await expect(page.getByRole('region', { name: 'Unsupported items' })).toContainText(
    'catalog entry',
  );
  await expect(page.getByRole('switch', { name: 'sendMessage' })).toHaveAccessibleDescription(
    /Unknown: the service does not report current values; the default is allow\.$/,
  );
  await expect(page.getByText(/equals (the )?default|differs from (the )?default/i)).toHaveCount(0);
  await expect(page.getByText(/could not be loaded|Unexpected response/)).toHaveCount(0);
});

test('the Chat service page checks the configured service: key, headroom, and every read parses', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${origin}/chat-service`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chat service' })).toBeVisible();
  await expect(page.getByText(/Accepted \(GET \/roles answered 200\)/)).toBeVisible();
  await expect(page.getByText(/19,990 of 20,000 requests left/)).toBeVisible();
  // Every list of the stand-in carries one undocumented item: the page says so, and it still parses.
  await expect(page.getByText('Parses (1 item unsupported).').first()).toBeVisible();
  await expect(page.getByText(/could not be loaded|Unexpected response/)).toHaveCount(0);
  await expectAccessible(page, 'chat service report');
});
