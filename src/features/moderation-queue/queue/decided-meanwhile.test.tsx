import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { LiveStream } from '@/testing/live-stream';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

afterEach(() => vi.unstubAllGlobals());

const serviceStatus = (backend: TestBackend, id: string) =>
  backend.store.db
    .prepare('SELECT status FROM blocked_messages WHERE message_id = ?')
    .pluck()
    .get(Number(id));

const patches = (backend: TestBackend) =>
  backend.requests
    .filter((r) => r.method === 'PATCH')
    .map((r) => `${r.path} ${JSON.stringify(r.body)}`);

/** Another moderator, in their own browser, rejects message 192; returns their browser. */
async function rejectedByAdmin(backend: TestBackend) {
  const other = backend.otherBrowser();
  await other.signIn('test-admin');
  const res = await other.call('PATCH', '/api/moderation/blocked-messages/192', {
    body: { status: 'rejected', reviewed: true },
  });
  expect(res.status).toBe(200);
  return other;
}

/** The queue with message 192 (Chloé Martin) active and its approve dialog open. */
async function approveDialogOn192(live: boolean) {
  if (live) LiveStream.install();
  const backend = installTestBackend({ role: 'moderator' });
  const view = renderRoute('/moderation/blocked');
  const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
  expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-192');
  list.focus();
  await view.user.keyboard('a');
  const dialog = await screen.findByRole('dialog', { name: 'Approve and deliver this message?' });
  return { ...view, backend, list, dialog };
}

/** The live queue's next event: the list as the service holds it now, 192 gone with who decided. */
async function liveSays192Rejected(other: Awaited<ReturnType<typeof rejectedByAdmin>>) {
  const list: unknown = await (await other.call('GET', '/api/moderation/blocked-messages')).json();
  const removed = [
    {
      messageId: '192',
      note: 'Rejected by test-admin',
      decided: { status: 'rejected', by: 'test-admin', at: new Date().toISOString() },
    },
  ];
  await LiveStream.send('queue', { version: 2, list, added: [], removed });
}

describe('a decision someone else takes while the moderator decides', () => {
  it('shows in the open dialog at once; keeping it sends nothing and the item leaves', async () => {
    const { backend, dialog, list, user } = await approveDialogOn192(true);
    await liveSays192Rejected(await rejectedByAdmin(backend));

    const notice = await within(dialog).findByRole('alert', {
      name: /^Already rejected by test-admin at \d\d:\d\d: message 192 from Chloé Martin\./,
    });
    expect(within(dialog).getByRole('button', { name: 'Approve and deliver' })).toBeDisabled();
    // The list behind the dialog marks it too, with who and when.
    expect(
      within(list).getByRole('option', {
        name: /^Decided elsewhere \(Rejected by test-admin at \d\d:\d\d\): /,
        hidden: true,
      }),
    ).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Keep their decision' }));
    expect(
      await screen.findByText(
        "Kept test-admin's decision: message 192 from Chloé Martin leaves the queue.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: /Chloé Martin to/ })).not.toBeInTheDocument();
    expect(patches(backend)).toEqual([]);
    expect(serviceStatus(backend, '192')).toBe('rejected');
  });

  it('overrides from the open dialog after saying what that changes', async () => {
    const { backend, dialog, user } = await approveDialogOn192(true);
    await liveSays192Rejected(await rejectedByAdmin(backend));
    const notice = await within(dialog).findByRole('alert', { name: /^Already rejected by/ });

    await user.click(within(notice).getByRole('button', { name: 'Override' }));
    expect(dialog).toHaveTextContent(
      "their rejection no longer stands. The audit trail records that you overrode test-admin's decision.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Override and approve' }));
    expect(
      await screen.findByText('Approved message 192 from Chloé Martin: delivered to Ethan Brooks.'),
    ).toBeInTheDocument();
    expect(patches(backend)).toEqual(['/moderation/blocked-messages/192 {"status":"approved"}']);
    expect(serviceStatus(backend, '192')).toBe('approved');
  });

  it('without live updates, says in the open dialog what the next poll found, and Keep sends nothing', async () => {
    const { backend, client, dialog, user } = await approveDialogOn192(false);
    await rejectedByAdmin(backend);
    await act(() => client.refetchQueries({ queryKey: blockedMessageQueries.lists() }));
    const notice = await within(dialog).findByRole('alert', {
      name: /^Decided elsewhere since this dialog opened: message 192 from Chloé Martin\./,
    });
    expect(within(dialog).getByRole('button', { name: 'Approve and deliver' })).toBeDisabled();
    await user.click(within(notice).getByRole('button', { name: 'Keep their decision' }));
    expect(
      await screen.findByText(
        'Kept the decision taken elsewhere: message 192 from Chloé Martin leaves the queue.',
      ),
    ).toBeInTheDocument();
    expect(patches(backend)).toEqual([]);
  });

  it('keeps a refusal in sight, with its item, after the list learns the item was decided', async () => {
    const { backend, client, list, user } = await approveDialogOn192(false);
    await rejectedByAdmin(backend);
    await user.keyboard('{Enter}');
    const notice = await screen.findByRole('alert', {
      name: /^Already rejected by test-admin at \d\d:\d\d: message 192 from Chloé Martin/,
    });

    // The queue's next poll no longer lists 192.
    await act(() => client.refetchQueries({ queryKey: blockedMessageQueries.lists() }));
    const marked = await within(list).findByRole('option', {
      name: /^Decided elsewhere: Already rejected by/,
    });
    // Once what the list does on learning it has run (its effects), the item and the notice stay.
    await act(async () => {});
    expect(marked).toBeInTheDocument();
    expect(notice).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Override' }));
    const confirm = await screen.findByRole('dialog', { name: "Override test-admin's decision?" });
    await user.click(within(confirm).getByRole('button', { name: 'Override and approve' }));
    expect(
      await screen.findByText('Approved message 192 from Chloé Martin: delivered to Ethan Brooks.'),
    ).toBeInTheDocument();
    expect(serviceStatus(backend, '192')).toBe('approved');
  });

  it('keeps the refusals of a bulk action in sight after the list learns of them', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { client, user } = renderRoute('/moderation/blocked');
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
    list.focus();
    await user.keyboard('xjx');
    await rejectedByAdmin(backend);
    await user.click(screen.getByRole('button', { name: 'Approve 2 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and deliver 2 messages?' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Approve and deliver 2 messages' }),
    );
    const notice = await screen.findByRole('alert', {
      name: /^Already rejected by test-admin at \d\d:\d\d: message 192 from Chloé Martin/,
    });

    await act(() => client.refetchQueries({ queryKey: blockedMessageQueries.lists() }));
    const marked = await within(list).findByRole('option', {
      name: /^Decided elsewhere: Already rejected by/,
    });
    // Once what the list does on learning it has run (its effects), the item and the notice stay.
    await act(async () => {});
    expect(marked).toBeInTheDocument();
    expect(notice).toBeInTheDocument();
    expect(serviceStatus(backend, '192')).toBe('rejected');
  });
});
