import { operators } from './env';
import { chatApi, expect, expectAccessible, resetEmulator, signIn, test } from './fixtures';

test.beforeEach(async () => {
  await resetEmulator();
});

interface Listed {
  data: { id: string; sender: string }[];
}
interface BlockedListed {
  data: { message: { id: string; sender: string } }[];
}

test('support opens a sender’s overview and sees their messages, blocked, flagged and decided items; an admin sees the operators’ actions on them', async ({
  page,
  browser,
}) => {
  const flagged = (await chatApi('GET', '/moderation/flagged-messages')).json as Listed;
  const blocked = (await chatApi('GET', '/moderation/blocked-messages')).json as BlockedListed;
  // A sender with a message in each queue when the demo has one, else the first flagged sender.
  const both = flagged.data.find((f) => blocked.data.some((b) => b.message.sender === f.sender));
  const item = both ?? flagged.data[0];
  if (!item) throw new Error('the demo has no flagged message');
  const uid = item.sender;
  const latest = (await chatApi('GET', `/messages?sender=${uid}&limit=10&affix=prepend`))
    .json as Listed;
  const blockedOfUid = blocked.data.filter((b) => b.message.sender === uid);
  // One of their blocked messages decided already (it leaves the waiting list for the reviewed one).
  const decided = blockedOfUid.length > 1 ? blockedOfUid.pop() : undefined;
  if (decided) {
    const rejected = await chatApi('PATCH', `/moderation/blocked-messages/${decided.message.id}`, {
      status: 'rejected',
    });
    expect(rejected.status).toBe(200);
  }

  // A moderator bans them from a group through the console, which audits it.
  const moderator = await browser.newPage();
  await signIn(moderator, 'moderator', '/');
  // As the app's own transport sends a write: from the page, with its header.
  const banned = await moderator.evaluate(
    async (path) =>
      (
        await fetch(path, {
          method: 'POST',
          headers: { 'x-requested-with': 'chat-admin-console', 'x-console-reason': 'Spam' },
        })
      ).status,
    `/api/groups/hiking-club/bannedusers/${uid}`,
  );
  expect(banned).toBe(200);
  await moderator.close();

  await signIn(page, 'support', `/users/${uid}`);
  const messages = page.getByRole('region', { name: 'Latest messages' });
  await expect(
    messages.getByRole('link', { name: `#${latest.data[0]?.id ?? 'none'}`, exact: true }),
  ).toBeVisible();
  await expect(messages.getByRole('link', { name: 'See all' })).toHaveAttribute(
    'href',
    `/messages?sender=${uid}`,
  );
  const moderation = page.getByRole('region', { name: 'Blocked, flagged and reviewed' });
  await expect(
    moderation
      .getByRole('table', { name: 'Flagged, waiting' })
      .getByRole('link', { name: `#${item.id}`, exact: true }),
  ).toBeVisible();
  const waiting = blockedOfUid[0];
  if (waiting)
    await expect(
      moderation
        .getByRole('table', { name: 'Blocked, waiting' })
        .getByRole('link', { name: `#${waiting.message.id}`, exact: true }),
    ).toBeVisible();
  if (decided)
    await expect(
      moderation
        .getByRole('table', { name: 'Reviewed' })
        .getByRole('link', { name: `#${decided.message.id}`, exact: true }),
    ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Banned from groups' }).getByRole('link', {
      name: 'Hiking Club',
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Console actions on them' }).getByText(/Not available/),
  ).toBeVisible();
  await expectAccessible(page, 'the user overview');

  const admin = await browser.newPage();
  await signIn(admin, 'admin', `/users/${uid}`);
  const actions = admin.getByRole('table', { name: `Console actions on ${uid}` });
  await expect(actions.getByRole('row', { name: /bans\.add/ })).toContainText(
    operators.moderator.username,
  );
  await admin.close();
});

test('an admin changes one notification preference and the Monday schedule; the audit shows both', async ({
  page,
}) => {
  await signIn(page, 'admin', '/users/amelia-hart');
  // Earlier journeys on the same store may have changed her preferences already: count them first.
  const preferenceUpdates = async () => {
    const answer = await page.request.get('/console/audit', {
      params: { target: 'amelia-hart', operation: 'preferences.update', page: 1, perPage: 1 },
      headers: { 'x-requested-with': 'chat-admin-console' },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { meta: { pagination: { total: number } } }).meta.pagination
      .total;
  };
  const before = await preferenceUpdates();
  const actions = page.getByRole('table', { name: 'Console actions on amelia-hart' });
  const groups = page.getByRole('table', { name: 'Groups' });
  await groups.getByRole('button', { name: 'Change Groups: Member left' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Change “Groups: Member left” for amelia-hart?',
  });
  const current = await dialog.getByRole('radio', { checked: true }).getAttribute('value');
  const other = current === '1' ? 'Notify' : 'Don’t notify';
  await dialog.getByRole('radio', { name: other, exact: true }).check();
  await expectAccessible(page, 'the preference change confirm');
  await dialog.getByRole('button', { name: 'Save the change' }).click();
  await expect(dialog).toBeHidden();
  await expect(groups.getByRole('row', { name: /^Member left/ })).toContainText(other);

  const stored = (await chatApi('GET', '/notifications/v1/preferences?uid=amelia-hart')).json as {
    data: { groupPreferences: { groupMemberLeft: number } };
  };
  expect(stored.data.groupPreferences.groupMemberLeft).toBe(other === 'Notify' ? 2 : 1);
  await expect(actions.getByRole('row').nth(1)).toContainText('preferences');

  // The weekly schedule: Monday from 08:30 to 18:00, each field checked as it is typed.
  const schedule = page.getByRole('table', { name: 'Notification schedule' });
  await schedule.getByRole('button', { name: 'Change Weekly schedule: Monday' }).click();
  const day = page.getByRole('dialog', { name: 'Change the Monday schedule for amelia-hart?' });
  await day.getByRole('textbox', { name: 'From (HH:MM)' }).fill('8.30');
  await expect(day.getByText('A time of day as HH:MM, 00:00 to 23:59.')).toBeVisible();
  await day.getByRole('textbox', { name: 'From (HH:MM)' }).fill('08:30');
  await day.getByRole('textbox', { name: 'To (HH:MM)' }).fill('18:00');
  await expect(day.getByRole('status')).toContainText('Monday: 00:00–23:59 → 08:30–18:00');
  await expectAccessible(page, 'the schedule change confirm');
  await day.getByRole('button', { name: 'Save the change' }).click();
  await expect(day).toBeHidden();
  await expect(schedule.getByRole('row', { name: /^Monday/ })).toContainText('08:30–18:00');
  const after = (await chatApi('GET', '/notifications/v1/preferences?uid=amelia-hart')).json as {
    data: { mutePreferences: { schedule: { monday: unknown } } };
  };
  expect(after.data.mutePreferences.schedule.monday).toEqual({ from: 830, to: 1800, dnd: false });
  await expect.poll(preferenceUpdates).toBe(before + 2);
  for (const newest of [1, 2])
    await expect(actions.getByRole('row').nth(newest)).toContainText('preferences.update');
  await expectAccessible(page, 'the user overview of an admin');

  await page.goto('/audit?target=amelia-hart');
  const log = page.getByRole('table', { name: 'Audit log' });
  for (const newest of [1, 2])
    await expect(log.getByRole('row').nth(newest)).toContainText('preferences.update');
  await log.getByRole('row').nth(1).getByRole('link', { name: 'amelia-hart' }).click();
  await expect(page).toHaveURL(/\/users\/amelia-hart$/);
});
