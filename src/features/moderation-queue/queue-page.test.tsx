import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { insertBlocked, insertMessage } from '../../../server/emulator/seed/insert';

interface Listed {
  data: { message: { id: string } }[];
}

async function idsWithStatus(backend: TestBackend, status: 'pending' | 'approved' | 'rejected') {
  const response = await backend.call('GET', `/moderation/blocked-messages?status=${status}&limit=100`);
  const body = (await response.json()) as Listed;
  return body.data.map((item) => item.message.id);
}

/** New pending items, as if users kept writing while the moderator works; returns their ids, oldest first. */
function addBlocked(backend: TestBackend, texts: readonly string[]): string[] {
  return texts.map((text, index) => {
    const sentAt = 1763600000 + index;
    const messageId = insertMessage(backend.store.db, { sender: 'amelia-hart', receiverType: 'user', receiver: 'noah-fischer', data: { text }, sentAt, moderation: 'pending' });
    insertBlocked(backend.store.db, { messageId, ruleId: 'text-profanity-filter', ruleName: 'Profanity Filter', condition: {}, status: 'pending', createdAt: sentAt + 1 });
    return String(messageId);
  });
}

async function openQueue(path = '/moderation/blocked') {
  const view = renderRoute(path);
  const list = await screen.findByRole('listbox', { name: 'Blocked messages' }, { timeout: 8000 });
  return { ...view, list };
}

describe('Blocked messages queue', () => {
  it('shows the seeded pending items newest first, content as text and attachments as chips', async () => {
    installTestBackend({ role: 'moderator' });
    const { list, container } = await openQueue();
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(13);
    expect(options[0]).toHaveAccessibleName(/^Chloé Martin to Ethan Brooks, blocked by Contact Details Filter/);
    expect(within(options[0]!).getByText('ring me 020 7946 0958 after six')).toBeInTheDocument();
    const image = within(list).getAllByRole('option', { name: /blocked by AI Image Moderation, .*: image photo-\d+\.jpg$/ })[0]!;
    expect(within(image).getByText(/^image · photo-\d+\.jpg · \d+(\.\d)? [KM]B$/)).toBeInTheDocument();
    // Avatars are initials; no image from an unknown host is ever loaded.
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(within(options[0]!).getByText('CM')).toBeInTheDocument();
    expect(list).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(screen.getByText('End of the queue: 13 pending messages shown.')).toBeInTheDocument();
  });

  it('works through items by keyboard: approve asks first, reject is immediate, delete asks first', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user } = await openQueue();
    list.focus();
    await user.keyboard('j');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-187');

    // Approve: a compact confirm that says it delivers now; Enter accepts.
    await user.keyboard('a');
    const dialog = await screen.findByRole('dialog', { name: 'Approve and deliver this message?' });
    expect(dialog).toHaveTextContent(/delivered now to Chloé Martin/);
    expect(dialog).toHaveTextContent(/late and may read out of context/);
    // Shortcuts rest while a dialog is open.
    await user.keyboard('rj');
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Approved message 187 from Ethan Brooks: delivered to Chloé Martin.')).toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: /^Ethan Brooks/ })).not.toBeInTheDocument();
    expect(await idsWithStatus(backend, 'approved')).toContain('187');
    // The next item is active, and focus is back on the list.
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-182');
    expect(list).toHaveFocus();

    // Reject: no confirm, the item leaves, the service keeps it blocked and reviewed.
    await user.keyboard('r');
    expect(await screen.findByText('Rejected message 182 from Lucas Silva: it stays blocked.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await idsWithStatus(backend, 'rejected')).toContain('182');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-177');

    // Delete: a confirm that says it is a soft delete (moderators cannot delete permanently).
    await user.keyboard('k{ArrowDown}d');
    const confirm = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(confirm).toHaveTextContent(/soft deleted/);
    expect(within(confirm).queryByRole('checkbox', { name: /permanently/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Deleted message 177 from Ava Nguyen.')).toBeInTheDocument();
    const stored = await backend.call('GET', '/messages/177');
    expect(((await stored.json()) as { data: { deletedAt?: number } }).data.deletedAt).toBeGreaterThan(0);
    expect(await idsWithStatus(backend, 'pending')).not.toContain('177');
    expect(within(list).getAllByRole('option')).toHaveLength(10);
  });

  it('ignores shortcuts while typing in a filter and opens the conversation with o', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user } = await openQueue();
    await user.type(screen.getByRole('textbox', { name: 'Sender uid' }), 'dar');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-192');
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    list.focus();
    await user.keyboard('o');
    const panel = await screen.findByRole('complementary', { name: 'Conversation context' });
    const around = await within(panel).findByRole('list', { name: 'Messages around the blocked one' });
    expect(within(around).getByText('ring me 020 7946 0958 after six')).toBeInTheDocument();
    expect(within(around).getAllByRole('listitem').length).toBeGreaterThan(2);
    expect(within(panel).getByText(/Message contains a phone number/)).toBeInTheDocument();
    // The panel follows the active item.
    await user.keyboard('j');
    expect(await within(panel).findByText('Shut up already, nobody asked', { selector: 'p' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Conversation context' })).not.toBeInTheDocument();
  });

  it('approves a selection in bulk, reports each item and keeps the failed one selected', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user } = await openQueue();
    list.focus();
    await user.keyboard('xjxjx');
    expect(screen.getByRole('button', { name: 'Approve 3 selected' })).toBeEnabled();
    // Another client deletes one of them for good while the moderator decides.
    await backend.call('DELETE', '/messages/187', { permanent: true });

    await user.click(screen.getByRole('button', { name: 'Approve 3 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and deliver 3 messages?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and deliver 3 messages' }));

    const report = await screen.findByText('2 approved, 1 failed.');
    const alert = report.closest('[role="alert"]');
    expect(alert).toHaveTextContent(/Failed to approve message 187 from Ethan Brooks: .*does not exist/);
    expect(await idsWithStatus(backend, 'approved')).toEqual(expect.arrayContaining(['192', '182']));
    const failed = within(list).getByRole('option', { name: /^Ethan Brooks/ });
    expect(failed).toHaveAttribute('aria-selected', 'true');
    expect(within(list).getAllByRole('option', { selected: true })).toHaveLength(1);
    expect(within(list).queryByRole('option', { name: /^Chloé Martin/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve 1 selected' })).toBeEnabled();
  });

  it('is read-only for support operators, and the shortcuts say why', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { list, user } = await openQueue();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(list).toHaveAttribute('aria-multiselectable', 'false');
    list.focus();
    await user.keyboard('a');
    expect(await screen.findByText(/read-only for you\. Only admin or moderator operators can do this\./)).toBeInTheDocument();
    await user.keyboard('r');
    await user.keyboard('d');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('option')).toHaveLength(13);
    // Moving and reading still work.
    await user.keyboard('j');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-187');
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('holds new arrivals behind an "N new" button and never moves the list under the cursor', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user, client } = await openQueue();
    list.focus();
    await user.keyboard('jj');
    const [first, second] = addBlocked(backend, ['first new one', 'second new one']);
    // What the 15-second poll does.
    await client.refetchQueries({ queryKey: ['blocked-messages', 'newer'] });
    const show = await screen.findByRole('button', { name: '2 new — show' });
    expect(within(list).getAllByRole('option')).toHaveLength(13);
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('id', 'queue-item-192');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-182');

    await user.click(show);
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(15);
    expect(options[0]).toHaveAttribute('id', `queue-item-${second}`);
    expect(options[1]).toHaveAttribute('id', `queue-item-${first}`);
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-182');
    expect(screen.queryByRole('button', { name: /new — show/ })).not.toBeInTheDocument();
  });

  it('loads the next cursor page on "Load more"', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    addBlocked(backend, Array.from({ length: 20 }, (_, i) => `extra ${i}`));
    const { list, user } = await openQueue();
    expect(within(list).getAllByRole('option')).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('End of the queue: 33 pending messages shown.')).toBeInTheDocument();
    expect(within(list).getAllByRole('option')).toHaveLength(33);
    expect(backend.requests.some((r) => /affix=prepend&id=\d+/.test(r.path) || /id=\d+.*affix=prepend/.test(r.path))).toBe(true);
  });

  it('keeps filters in the URL and sends them to the service', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user, router } = await openQueue('/moderation/blocked?rule=email_filter');
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    expect(backend.requests.some((r) => r.path.includes('ruleId=email_filter'))).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Sender uid' }), 'amelia-hart');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?rule=email_filter&sender=amelia-hart');
    const filtered = await screen.findByRole('listbox', { name: 'Blocked messages' });
    expect(within(filtered).getAllByRole('option')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(await within(await screen.findByRole('listbox', { name: 'Blocked messages' })).findAllByRole('option')).toHaveLength(13);
  });

  it('says it is rate limited, waits as asked, then loads', async () => {
    installTestBackend({ role: 'moderator' });
    mswServer.use(
      http.get(
        '*/api/moderation/blocked-messages',
        () => HttpResponse.json({ error: { code: 'ERR_TOO_MANY_REQUESTS', message: 'Too many requests.' } }, { status: 429, headers: { 'retry-after': '1' } }),
        { once: true },
      ),
    );
    renderRoute('/moderation/blocked');
    expect(await screen.findByText('Rate limited, retrying in 1 s.', {}, { timeout: 8000 })).toBeInTheDocument();
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' }, { timeout: 5000 });
    expect(within(list).getAllByRole('option')).toHaveLength(13);
  });

  it('says the queue is clear when nothing is pending', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    for (const id of await idsWithStatus(backend, 'pending')) {
      await backend.call('PATCH', `/moderation/blocked-messages/${id}`, { status: 'rejected', reviewed: true });
    }
    renderRoute('/moderation/blocked');
    expect(await screen.findByText('Queue is clear', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
