import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messagePageSize } from '@/api/queries/messages';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

const searches = (backend: TestBackend) =>
  backend.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/messages?'));

/** Messages the sender sent whose text holds `word`, newest first, as the service stored them. */
const storedIds = (backend: TestBackend, sender: string, word: string) =>
  backend.store.db
    .prepare(
      `SELECT id FROM messages WHERE sender = ? AND instr(lower(json_extract(data, '$.text')), ?) > 0
       AND (moderation IS NULL OR moderation = 'approved') ORDER BY id DESC`,
    )
    .pluck()
    .all(sender, word)
    .map(String);

const resultIds = (table: HTMLElement) =>
  within(table)
    .getAllByRole('link', { name: /^Message / })
    .map((link) => link.textContent);

describe('Message search', () => {
  it('checks each field as it is typed, with the service rules, and sends nothing invalid', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/messages');
    const sender = await screen.findByRole('textbox', { name: 'Sender uid' });
    await user.type(sender, 'olivia bennett');
    expect(await screen.findByText('Only letters, digits, "_" and "-"')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Text' }));
    await user.paste('x'.repeat(101));
    expect(
      await screen.findByText('The searchKey must be at most 100 characters.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Type' }), 'location');
    expect(await screen.findByText(/^The type must be one of text, image/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('');
    expect(searches(backend)).toEqual([]);

    await user.clear(sender);
    await user.type(sender, 'olivia-bennett');
    expect(screen.queryByText('Only letters, digits, "_" and "-"')).not.toBeInTheDocument();
  });

  it('refuses a window that ends before it starts', async () => {
    installTestBackend({ role: 'support' });
    renderRoute('/messages');
    // jsdom has no picker for datetime-local fields: their value is set as the picker would.
    fireEvent.change(await screen.findByLabelText('Sent from'), {
      target: { value: '2025-11-12T10:00' },
    });
    fireEvent.change(screen.getByLabelText('Sent until'), {
      target: { value: '2025-11-11T10:00' },
    });
    expect(await screen.findByText('The end is before the start.')).toBeInTheDocument();
  });

  it('finds messages by text and sender, newest first, each linking to its message and sender', async () => {
    const backend = installTestBackend({ role: 'support' });
    const expected = storedIds(backend, 'olivia-bennett', 'lunch');
    expect(expected.length).toBeGreaterThan(1);
    const { user, router } = renderRoute('/messages');
    await user.type(await screen.findByRole('textbox', { name: 'Text' }), 'Lunch');
    await user.type(screen.getByRole('textbox', { name: 'Sender uid' }), 'olivia-bennett');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(resultIds(table)).toEqual(expected);
    expect(
      within(table).getAllByRole('link', { name: /^Sender Olivia Bennett \(olivia-bennett\)$/ }),
    ).toHaveLength(expected.length);
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('Lunch');
    expect(params.get('sender')).toBe('olivia-bennett');
    const sent = new URLSearchParams(searches(backend).at(-1)?.path.split('?')[1]);
    expect([sent.get('searchKey'), sent.get('sender')]).toEqual(['Lunch', 'olivia-bennett']);

    await user.click(within(table).getAllByRole('link', { name: /^Sender / })[0]!);
    expect(router.state.location.pathname).toBe('/users/olivia-bennett');
  });

  it('pages along the service cursor with Load more', async () => {
    const backend = installTestBackend({ role: 'support' });
    const total = backend.store.db
      .prepare(
        "SELECT COUNT(*) FROM messages WHERE conversation_id = 'group_product-launch' AND (moderation IS NULL OR moderation = 'approved')",
      )
      .pluck()
      .get();
    expect(Number(total)).toBeGreaterThan(messagePageSize);
    const { user } = renderRoute('/messages?conversation=group_product-launch');
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(resultIds(table)).toHaveLength(messagePageSize);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await expect.poll(() => resultIds(table).length).toBeGreaterThan(messagePageSize);
    expect(searches(backend).some((r) => r.path.includes('affix=prepend&id='))).toBe(true);
  });

  it('keeps the search in the URL: a link fills the form, and Back returns to the search before', async () => {
    installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/messages?q=lunch&sender=olivia-bennett');
    expect(await screen.findByRole('table', { name: 'Search results' })).toBeInTheDocument();
    const text = screen.getByRole('textbox', { name: 'Text' });
    expect(text).toHaveValue('lunch');
    expect(screen.getByRole('textbox', { name: 'Sender uid' })).toHaveValue('olivia-bennett');
    await user.clear(text);
    await user.type(text, 'trail');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await expect.poll(() => router.state.location.search).toBe('?q=trail&sender=olivia-bennett');
    await router.navigate(-1);
    expect(router.state.location.search).toBe('?q=lunch&sender=olivia-bennett');
    const table = await screen.findByRole('table', { name: 'Search results' });
    await expect
      .poll(() =>
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      )
      .toSatisfy((rows: string[]) => rows.every((row) => row.includes('Lunch')));
  });

  it('shows the errors of a link the service would refuse and sends nothing', async () => {
    const backend = installTestBackend({ role: 'support' });
    renderRoute('/messages?sender=not%20a%20uid&q=lunch');
    expect(await screen.findByText('Only letters, digits, "_" and "-"')).toBeInTheDocument();
    expect(screen.getByText('Correct the marked fields to search.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Search results' })).not.toBeInTheDocument();
    expect(searches(backend)).toEqual([]);
  });

  it('says so when nothing matches', async () => {
    installTestBackend({ role: 'support' });
    renderRoute('/messages?q=zzzz-no-such-words');
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
  });
});
