import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { documentedImageItem, documentedToxicityItem } from '../../../testing/documented-items';
import { rules } from '../../../../server/emulator/seed/demo-blocked';
import { insertHeldBack } from '../../../../server/emulator/seed/insert';

interface Listed {
  data: { message: { id: string; data: { moderation?: { status?: string } } } }[];
}

/** Ids the service lists as pending now (its blocked list takes no parameters). */
async function pendingIds(backend: TestBackend) {
  const body = (await (await backend.call('GET', '/moderation/blocked-messages')).json()) as Listed;
  return body.data.map((item) => item.message.id);
}

/** Ids the service lists as reviewed with this moderation status (`approved` or `disapproved`). */
async function reviewedIds(backend: TestBackend, status: 'approved' | 'disapproved') {
  const body = (await (
    await backend.call('GET', '/moderation/reviewed-messages')
  ).json()) as Listed;
  return body.data
    .filter((item) => item.message.data.moderation?.status === status)
    .map((item) => item.message.id);
}

/** The paths of the blocked-list reads the page made: the list is always asked for bare. */
const listReads = (backend: TestBackend) =>
  backend.requests
    .filter((r) => r.method === 'GET' && r.path.startsWith('/moderation/blocked-messages'))
    .map((r) => r.path);

/** New pending items, as if users kept writing while the moderator works; returns their ids, oldest first. */
function addBlocked(backend: TestBackend, texts: readonly string[]): string[] {
  return texts.map((text, index) => {
    const sentAt = 1763600000 + index;
    const message = {
      sender: 'amelia-hart',
      receiverType: 'user',
      receiver: 'noah-fischer',
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

async function openQueue(path = '/moderation/blocked') {
  const view = renderRoute(path);
  const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
  return { ...view, list };
}

describe('Blocked messages queue', () => {
  it('shows the seeded pending items newest first, content as text and attachments as chips', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, container } = await openQueue();
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(13);
    expect(options[0]).toHaveAccessibleName(
      /^Chloé Martin to Ethan Brooks, blocked by Contact Details Filter/,
    );
    expect(within(options[0]!).getByText('ring me 020 7946 0958 after six')).toBeInTheDocument();
    const image = within(list).getAllByRole('option', {
      name: /blocked by AI Image Moderation, .*: image photo-\d+\.jpg$/,
    })[0]!;
    expect(
      within(image).getByText(/^image · photo-\d+\.jpg · \d+(\.\d)? [KM]B$/),
    ).toBeInTheDocument();
    // Avatars are initials; no image from an unknown host is ever loaded.
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(within(options[0]!).getByText('CM')).toBeInTheDocument();
    expect(list).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(
      screen.getByText('End of the queue: the service answered 13 blocked messages.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The service documents no parameter of its blocked list: the queue sends none.
    expect(listReads(backend)).toEqual(['/moderation/blocked-messages']);
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
    expect(
      await screen.findByText('Approved message 187 from Ethan Brooks: delivered to Chloé Martin.'),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: /^Ethan Brooks/ })).not.toBeInTheDocument();
    expect(await reviewedIds(backend, 'approved')).toContain('187');
    // The next item is active, and focus is back on the list.
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-182');
    expect(list).toHaveFocus();

    // Reject: no confirm, the item leaves, the service keeps it blocked and reviewed.
    await user.keyboard('r');
    expect(
      await screen.findByText('Rejected message 182 from Lucas Silva: it stays blocked.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await reviewedIds(backend, 'disapproved')).toContain('182');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-177');

    // Delete: a confirm that says it is a soft delete (moderators cannot delete permanently).
    await user.keyboard('k{ArrowDown}d');
    const confirm = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(confirm).toHaveTextContent(/soft deleted/);
    expect(
      within(confirm).queryByRole('checkbox', { name: /permanently/ }),
    ).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Deleted message 177 from Ava Nguyen.')).toBeInTheDocument();
    const stored = await backend.call('GET', '/messages/177');
    expect(
      ((await stored.json()) as { data: { deletedAt?: number } }).data.deletedAt,
    ).toBeGreaterThan(0);
    expect(await pendingIds(backend)).not.toContain('177');
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
    const around = await within(panel).findByRole('list', {
      name: 'Messages around the blocked one',
    });
    expect(within(around).getByText('ring me 020 7946 0958 after six')).toBeInTheDocument();
    expect(within(around).getAllByRole('listitem').length).toBeGreaterThan(2);
    expect(within(panel).getByText(/contains a phone number/)).toBeInTheDocument();
    // The panel follows the active item.
    await user.keyboard('j');
    expect(
      await within(panel).findByText('Shut up already, nobody asked', { selector: 'p' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(
      screen.queryByRole('complementary', { name: 'Conversation context' }),
    ).not.toBeInTheDocument();
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
    await user.click(
      within(dialog).getByRole('button', { name: 'Approve and deliver 3 messages' }),
    );

    const report = await screen.findByText('2 approved, 1 failed.');
    const alert = report.closest('[role="alert"]');
    expect(alert).toHaveTextContent(
      /Failed to approve message 187 from Ethan Brooks: .*does not exist/,
    );
    expect(await reviewedIds(backend, 'approved')).toEqual(expect.arrayContaining(['192', '182']));
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
    expect(
      await screen.findByText(
        /read-only for you\. Only admin or moderator operators can do this\./,
      ),
    ).toBeInTheDocument();
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
    // What the 15-second poll does: the same bare list again.
    await client.refetchQueries({ queryKey: blockedMessageQueries.lists() });
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
    expect(new Set(listReads(backend))).toEqual(new Set(['/moderation/blocked-messages']));
  });

  it('keeps an item decided elsewhere under the cursor, marked, acting on it no more; others leave at once, said in words', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user, client } = await openQueue();
    list.focus();
    await user.keyboard('j');
    // Another moderator approves the active item and rejects one further down; the next poll lists
    // neither.
    const further = within(list).getAllByRole('option')[8]!.id.replace('queue-item-', '');
    await backend.call('PATCH', '/moderation/blocked-messages/187', { status: 'approved' });
    await backend.call('PATCH', `/moderation/blocked-messages/${further}`, { status: 'rejected' });
    await client.refetchQueries({ queryKey: blockedMessageQueries.lists() });
    const marked = await within(list).findByRole('option', {
      name: /^Decided elsewhere: Ethan Brooks/,
    });
    expect(marked).toHaveAttribute('aria-disabled', 'true');
    // The one further down left at once, and the moderator is told; the active one stays in place.
    expect(await screen.findByText(/left the queue: decided elsewhere\.$/)).toBeInTheDocument();
    expect(within(list).getAllByRole('option')).toHaveLength(12);
    expect(list.querySelector(`#queue-item-${further}`)).toBeNull();
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-187');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();

    const writes = () => backend.requests.filter((r) => r.method !== 'GET');
    await user.keyboard('r');
    expect(
      await screen.findByText(/message 187 from Ethan Brooks was decided elsewhere/),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear 1 decided elsewhere' }));
    expect(within(list).getAllByRole('option')).toHaveLength(11);
    expect(
      within(list).queryByRole('option', { name: /^(Decided elsewhere: )?Ethan Brooks/ }),
    ).not.toBeInTheDocument();
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-182');
  });

  it('shows what one answer holds, with no "Load more", and says deciding brings the next ones', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    addBlocked(
      backend,
      Array.from({ length: 45 }, (_, i) => `extra ${i}`),
    );
    const { list } = await openQueue();
    expect(within(list).getAllByRole('option')).toHaveLength(50);
    expect(
      screen.getByText(
        'The service answered 50 blocked messages. The service lists up to 50 blocked messages at a time; decide these to see more.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listReads(backend)).toEqual(['/moderation/blocked-messages']);
  });

  it('keeps filters in the URL and applies them to the loaded items, saying so', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { list, user, router } = await openQueue('/moderation/blocked?rule=email_filter');
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Filtering the 13 items loaded: the service does not document these filters.',
    );

    // Rule choices are the rules of the loaded items.
    const loadedRules = new Set(
      (
        (await (await backend.call('GET', '/moderation/blocked-messages')).json()) as {
          data: { ruleId: string }[];
        }
      ).data.map((i) => i.ruleId),
    );
    const choices = within(screen.getByRole('combobox', { name: 'Rule' })).getAllByRole('option');
    expect(choices).toHaveLength(loadedRules.size + 1);
    expect(choices[0]).toHaveTextContent('Any rule');
    expect(choices.map((c) => c.textContent)).toContain('Email Filter (email_filter)');

    await user.type(screen.getByRole('textbox', { name: 'Sender uid' }), 'amelia-hart');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?rule=email_filter&sender=amelia-hart');
    const filtered = await screen.findByRole('listbox', { name: 'Blocked messages' });
    expect(within(filtered).getAllByRole('option')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(
      await within(await screen.findByRole('listbox', { name: 'Blocked messages' })).findAllByRole(
        'option',
      ),
    ).toHaveLength(13);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    // Filtering never asked the service anything new: one bare read.
    expect(listReads(backend)).toEqual(['/moderation/blocked-messages']);
  });

  it('says a sender that cannot be a uid next to the field and lists nothing, in a link too', async () => {
    installTestBackend({ role: 'moderator' });
    const { list, user, router } = await openQueue();
    expect(within(list).getAllByRole('option')).toHaveLength(13);
    const sender = screen.getByRole('textbox', { name: 'Sender uid' });
    await user.type(sender, 'kofi mensah');
    expect(sender).toHaveAttribute('aria-invalid', 'true');
    expect(sender).toHaveAccessibleDescription('Only letters, digits, "_" and "-"');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByText('Nothing is listed: a filter cannot be used'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'Blocked messages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Select all [1-9]/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?sender=kofi+mensah');

    await router.navigate('/moderation/blocked?sender=..%2Fx');
    expect(await screen.findByRole('textbox', { name: 'Sender uid' })).toHaveAccessibleDescription(
      'Only letters, digits, "_" and "-"',
    );
    expect(screen.getByText('Nothing is listed: a filter cannot be used')).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'Blocked messages' })).not.toBeInTheDocument();
  });

  it('shows the readable items of an answer and the odd one as an unsupported row, keys still working', async () => {
    installTestBackend({ role: 'moderator' });
    const { message: _dropped, ...withoutMessage } = documentedImageItem;
    const toxicity = {
      ...documentedToxicityItem,
      message: {
        ...documentedToxicityItem.message,
        id: '66',
        data: { ...documentedToxicityItem.message.data, text: 'you are all trash' },
      },
    };
    const received: string[] = [];
    mswServer.use(
      http.get('*/api/moderation/blocked-messages', ({ request }) => {
        received.push(new URL(request.url).search);
        return HttpResponse.json({
          data: [documentedImageItem, toxicity, withoutMessage],
          meta: { current: { limit: 50, count: 3 } },
        });
      }),
    );
    const { list, user } = await openQueue();
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAccessibleName(
      /^Andrew Joseph to George Alan, blocked by AI Image Moderation, .*: image download\.jpeg$/,
    );
    expect(options[1]).toHaveAccessibleName(
      /^Andrew Joseph to George Alan, blocked by AI Image Moderation, .*: you are all trash$/,
    );
    const odd = screen.getByRole('region', { name: 'Unsupported items' });
    expect(odd).toHaveTextContent('1 blocked message of this answer could not be shown.');
    const rows = within(odd).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent(/^Unsupported item #3: message: /);
    expect(
      screen.getByText(
        'End of the queue: the service answered 3 blocked messages (1 not readable).',
      ),
    ).toBeInTheDocument();

    list.focus();
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-65');
    await user.keyboard('jj');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-66');
    await user.keyboard('k');
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-65');
    expect(received).toEqual(['']);
  });

  it('says it is rate limited, waits as asked, then loads', async () => {
    installTestBackend({ role: 'moderator' });
    mswServer.use(
      http.get(
        '*/api/moderation/blocked-messages',
        () =>
          HttpResponse.json(
            { error: { code: 'ERR_TOO_MANY_REQUESTS', message: 'Too many requests.' } },
            { status: 429, headers: { 'retry-after': '1' } },
          ),
        { once: true },
      ),
    );
    // The clock runs on its own, and the test moves it over the second the service asked to wait.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      renderRoute('/moderation/blocked');
      expect(await screen.findByText('Rate limited, retrying in 1 s.')).toBeInTheDocument();
      expect(screen.queryByRole('listbox', { name: 'Blocked messages' })).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(1000);
      const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
      expect(within(list).getAllByRole('option')).toHaveLength(13);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the queue is clear when nothing is pending', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    for (const id of await pendingIds(backend)) {
      await backend.call('PATCH', `/moderation/blocked-messages/${id}`, {
        status: 'rejected',
        reviewed: true,
      });
    }
    renderRoute('/moderation/blocked');
    expect(await screen.findByText('Queue is clear')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
