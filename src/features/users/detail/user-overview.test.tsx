import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderRoute } from '@/testing/render';

interface Listed {
  data: { id: string; sender: string; flaggedBy?: { uid: string }[] }[];
}

async function flaggedList(backend: TestBackend) {
  return ((await (await backend.call('GET', '/moderation/flagged-messages')).json()) as Listed)
    .data;
}

// Each test renders the whole page against the real console server and emulator: a generous budget.
describe('User overview', { timeout: 30_000 }, () => {
  it('shows a sender’s latest messages, their flagged messages waiting, and links to the full search', async () => {
    const backend = installTestBackend({ role: 'support' });
    const flagged = (await flaggedList(backend))[0];
    if (!flagged) throw new Error('the demo has no flagged message');
    const uid = flagged.sender;
    const sent = (await (
      await backend.call('GET', `/messages?sender=${uid}&limit=10&affix=prepend`)
    ).json()) as Listed;

    await backend.ready;
    renderRoute(`/users/${uid}`);
    const latest = await screen.findByRole('region', { name: 'Latest messages' });
    const table = await within(latest).findByRole('table', { name: `Latest messages of ${uid}` });
    const first = sent.data[0];
    if (!first) throw new Error('the sender has no message');
    expect(within(table).getByRole('link', { name: `#${first.id}` })).toHaveAttribute(
      'href',
      `/messages/${first.id}`,
    );
    expect(within(latest).getByRole('link', { name: 'See all' })).toHaveAttribute(
      'href',
      `/messages?sender=${uid}`,
    );

    const moderation = screen.getByRole('region', { name: 'Blocked, flagged and reviewed' });
    const waiting = await within(moderation).findByRole('table', { name: 'Flagged, waiting' });
    expect(within(waiting).getByRole('link', { name: `#${flagged.id}` })).toBeInTheDocument();
    expect(
      within(moderation).getByText(/^Read one page of each: the blocked list/),
    ).toBeInTheDocument();

    const audit = screen.getByRole('region', { name: 'Console actions on them' });
    expect(within(audit).getByText(/Not available to your role/)).toHaveTextContent(
      'Only admin operators',
    );
  });

  it('lists the flags a user raised', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const item = (await flaggedList(backend)).find((i) => (i.flaggedBy ?? []).length > 0);
    const reporter = item?.flaggedBy?.[0]?.uid;
    if (!item || !reporter) throw new Error('the demo has no reported message');

    await backend.ready;
    renderRoute(`/users/${reporter}`);
    const raised = await screen.findByRole('region', { name: 'Flags they raised' });
    const table = await within(raised).findByRole('table', { name: `Flags raised by ${reporter}` });
    expect(within(table).getByRole('link', { name: `#${item.id}` })).toBeInTheDocument();
  });

  it('lets an admin change one notification preference after a confirm, and shows the audited change', async () => {
    const backend = installTestBackend({ role: 'admin' });
    await backend.ready;
    const { user } = renderRoute('/users/amelia-hart');
    const audit = await screen.findByRole('region', { name: 'Console actions on them' });
    expect(
      await within(audit).findByText(/no action of the console on amelia-hart/),
    ).toBeInTheDocument();

    const groups = await screen.findByRole('table', { name: 'Groups' });
    await user.click(
      await within(groups).findByRole('button', { name: 'Change Groups: Messages' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Change “Groups: Messages” for amelia-hart?',
    });
    expect(within(dialog).getByRole('button', { name: 'Save the change' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Don’t notify' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Groups: Messages: Mentions only → Don’t notify',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save the change' }));

    expect(
      await screen.findByText('Groups: Messages of amelia-hart: Mentions only → Don’t notify.'),
    ).toBeInTheDocument();
    expect(within(groups).getByRole('row', { name: /^Messages/ })).toHaveTextContent(
      'Don’t notify',
    );
    const stored = (await (
      await backend.call('GET', '/notifications/v1/preferences?uid=amelia-hart')
    ).json()) as { data: { groupPreferences: { groupMessages: number } } };
    expect(stored.data.groupPreferences.groupMessages).toBe(1);
    const patches = backend.requests.filter((r) => r.method === 'PATCH');
    expect(patches).toEqual([
      expect.objectContaining({ body: { groupPreferences: { groupMessages: 1 } } }),
    ]);
    expect(
      await within(audit).findByRole('table', { name: 'Console actions on amelia-hart' }),
    ).toHaveTextContent(/test-admin/);
  });

  it('does not let a moderator change a preference', async () => {
    await installTestBackend({ role: 'moderator' }).ready;
    renderRoute('/users/amelia-hart');
    const groups = await screen.findByRole('table', { name: 'Groups' });
    expect(within(groups).getByRole('button', { name: 'Change Groups: Messages' })).toBeDisabled();
  });

  it('shows the sections under the latest messages once those are in, so nothing on screen is pushed down', async () => {
    installTestBackend({ role: 'admin' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds the latest messages' read, then lets it through to the console server.
    mswServer.use(http.get('*/api/messages', () => held.then(() => undefined)));
    renderRoute('/users/amelia-hart');
    const latest = await screen.findByRole('region', { name: 'Latest messages' });
    expect(within(latest).getByRole('status', { name: 'Loading: Latest messages' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Blocked, flagged and reviewed' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Console actions on them' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notification preferences' })).toBeNull();

    release();
    expect(
      await within(latest).findByRole('table', { name: 'Latest messages of amelia-hart' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('region', { name: 'Blocked, flagged and reviewed' }),
    ).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Console actions on them' })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Notification preferences' })).toBeVisible();
  });

  it('shows the sections under a list that does not answer after a second', async () => {
    installTestBackend({ role: 'admin' });
    mswServer.use(http.get('*/api/messages', () => new Promise<undefined>(() => undefined)));
    renderRoute('/users/amelia-hart');
    const latest = await screen.findByRole('region', { name: 'Latest messages' });
    expect(
      await screen.findByRole('region', { name: 'Notification preferences' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(within(latest).getByRole('status', { name: 'Loading: Latest messages' })).toBeVisible();
  });
});
