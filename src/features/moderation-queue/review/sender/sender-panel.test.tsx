import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { rules } from '../../../../../server/emulator/seed/demo-blocked';
import { insertHeldBack } from '../../../../../server/emulator/seed/insert';

/** Two blocked messages jack-murphy sent to the group hiking-club, newer than anything seeded. */
function blockJackInHikingClub(backend: TestBackend): string[] {
  const latest = Number(
    backend.store.db.prepare('SELECT max(sent_at) FROM messages').pluck().get(),
  );
  return ['first rant in the club', 'second rant, now with a phone number'].map((text, index) => {
    const sentAt = latest + 60 + index;
    const message = {
      sender: 'jack-murphy',
      receiverType: 'group',
      receiver: 'hiking-club',
    } as const;
    return String(
      insertHeldBack(
        backend.store.db,
        { ...message, data: { text }, sentAt },
        rules.profanity,
        sentAt + 1,
      ),
    );
  });
}

const isBanned = (backend: TestBackend) =>
  backend.store.db
    .prepare("SELECT count(*) FROM group_bans WHERE guid = 'hiking-club' AND uid = 'jack-murphy'")
    .pluck()
    .get() === 1;

const auditRows = (backend: TestBackend, action: string) =>
  backend.console.store.db
    .selectFrom('audit')
    .select(['operator', 'targets', 'reason', 'outcome'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

async function openSenderPanel() {
  const view = renderRoute('/moderation/blocked');
  const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
  list.focus();
  await view.user.keyboard('o');
  const panel = await screen.findByRole('complementary', { name: 'Conversation context' });
  const sender = within(panel).getByRole('region', { name: 'Sender Jack Murphy' });
  return { ...view, panel, sender };
}

describe('Acting on the sender of a queue item', () => {
  it('shows what else the sender sent; deactivating is for admins, in the UI and at the server', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    blockJackInHikingClub(backend);
    const { sender } = await openSenderPanel();

    const others = await within(sender).findByRole('list', {
      name: 'Other blocked messages from this sender',
    });
    expect(others).toHaveTextContent('first rant in the club');
    expect(others).toHaveTextContent('Profanity Filter');
    const recent = await within(sender).findByRole('list', {
      name: 'Recent messages from this sender',
    });
    expect(within(recent).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(
      backend.requests.some(
        (r) => r.path.startsWith('/messages?') && r.path.includes('sender=jack-murphy'),
      ),
    ).toBe(true);

    // Deactivation is for admins: disabled, with the reason in words.
    expect(within(sender).getByRole('button', { name: 'Deactivate user' })).toBeDisabled();
    expect(sender).toHaveTextContent('Deactivate user: Only admin operators can do this.');

    // What the UI disables, the console server refuses: nothing reaches the service.
    const before = backend.requests.length;
    const refused = await backend.callConsole('DELETE', '/api/users', {
      body: { uidsToDeactivate: ['jack-murphy'] },
    });
    expect(refused.status).toBe(403);
    expect(backend.requests).toHaveLength(before);
  });

  it('lets a moderator ban the sender from the group with a reason, audited, and undo it', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    blockJackInHikingClub(backend);
    const { user, sender } = await openSenderPanel();
    await user.click(within(sender).getByRole('button', { name: 'Ban from Hiking Club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Jack Murphy from Hiking Club?' });
    expect(dialog).toHaveTextContent('Jack Murphy (jack-murphy)');
    expect(dialog).toHaveTextContent('Hiking Club (hiking-club)');
    await user.click(within(dialog).getByRole('button', { name: 'Ban from Hiking Club' }));
    expect(
      await within(dialog).findByText('Say why; the reason goes into the audit trail.'),
    ).toBeInTheDocument();
    expect(isBanned(backend)).toBe(false);

    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Repeated abuse in the club — café');
    await user.click(within(dialog).getByRole('button', { name: 'Ban from Hiking Club' }));
    expect(
      await within(sender).findByText('Jack Murphy (jack-murphy) banned from Hiking Club.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(isBanned(backend)).toBe(true);
    expect(await auditRows(backend, 'bans.add')).toEqual([
      {
        operator: 'test-moderator',
        targets: '{"guid":"hiking-club","uid":"jack-murphy"}',
        reason: 'Repeated abuse in the club — café',
        outcome: 'ok',
      },
    ]);
    // The service was asked to ban, with nothing of the reason.
    const banIndex = backend.requests.findIndex((r) => r.method === 'POST');
    expect(backend.requests[banIndex]).toEqual({
      method: 'POST',
      path: '/groups/hiking-club/bannedusers/jack-murphy',
      body: undefined,
    });
    expect(
      Object.keys(backend.requestHeaders[banIndex] ?? {}).filter((h) => h.startsWith('x-')),
    ).toEqual([]);

    await user.click(within(sender).getByRole('button', { name: 'Undo ban' }));
    expect(
      await within(sender).findByText(
        /^Ban undone: Jack Murphy \(jack-murphy\) unbanned from Hiking Club\./,
      ),
    ).toBeInTheDocument();
    expect(isBanned(backend)).toBe(false);
    expect(await auditRows(backend, 'bans.remove')).toEqual([
      {
        operator: 'test-moderator',
        targets: '{"guid":"hiking-club","uid":"jack-murphy"}',
        reason: 'Undo of a ban: Repeated abuse in the club — café',
        outcome: 'ok',
      },
    ]);
  });

  it('lets an admin deactivate the sender with a reason and undo it; a second ban says already banned in words', async () => {
    const backend = installTestBackend({ role: 'admin' });
    blockJackInHikingClub(backend);
    await backend.call('POST', '/groups/hiking-club/bannedusers/jack-murphy');
    const { user, sender } = await openSenderPanel();
    const deactivatedAt = () =>
      backend.store.db
        .prepare("SELECT deactivated_at FROM users WHERE uid = 'jack-murphy'")
        .pluck()
        .get();

    await user.click(within(sender).getByRole('button', { name: 'Ban from Hiking Club' }));
    const banDialog = await screen.findByRole('dialog', { name: /^Ban Jack Murphy/ });
    await user.click(within(banDialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('again');
    await user.click(within(banDialog).getByRole('button', { name: 'Ban from Hiking Club' }));
    expect(
      await within(banDialog).findByText(/That user is already banned from the group\./),
    ).toBeInTheDocument();
    await user.click(within(banDialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(sender).getByRole('button', { name: 'Deactivate user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Jack Murphy?' });
    expect(dialog).toHaveTextContent('across the whole app, not only in the group Hiking Club');
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Spam account');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));
    expect(
      await within(sender).findByText('Jack Murphy (jack-murphy) deactivated.'),
    ).toBeInTheDocument();
    expect(deactivatedAt()).toEqual(expect.any(Number));
    expect(await auditRows(backend, 'users.deactivate')).toEqual([
      {
        operator: 'test-admin',
        targets: '{"uids":["jack-murphy"]}',
        reason: 'Spam account',
        outcome: 'ok',
      },
    ]);

    await user.click(within(sender).getByRole('button', { name: 'Undo deactivation' }));
    expect(
      await within(sender).findByText(
        /^Deactivation undone: Jack Murphy \(jack-murphy\) reactivated\./,
      ),
    ).toBeInTheDocument();
    expect(deactivatedAt()).toBeNull();
  });
});
