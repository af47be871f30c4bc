import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messagePageSize } from '@/api/queries/messages';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

const visibleCount = (backend: TestBackend, conversationId: string) =>
  Number(
    backend.store.db
      .prepare(
        "SELECT COUNT(*) FROM messages WHERE conversation_id = ? AND (moderation IS NULL OR moderation = 'approved')",
      )
      .pluck()
      .get(conversationId),
  );

describe('Messages page', () => {
  it('opens a message by id and refuses ids that are not numbers', async () => {
    installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/messages');
    const field = await screen.findByRole('textbox', { name: 'Message id' });
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Open message' }));
    expect(
      await screen.findByText('Message ids are whole numbers, such as 402'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '21');
    await user.click(screen.getByRole('button', { name: 'Open message' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Message 21' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages/21');
  });

  it('browses a group picked by name, newest first', async () => {
    installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/messages');
    await user.click(await screen.findByRole('tab', { name: 'Browse a conversation' }));
    await user.click(await screen.findByRole('button', { name: 'Group' }));
    await user.type(await screen.findByRole('combobox', { name: 'Group' }), 'hik');
    await user.click(await screen.findByRole('option', { name: /Hiking Club/ }));
    expect(new URLSearchParams(router.state.location.search).get('group')).toBe('hiking-club');
    const table = await screen.findByRole('table', { name: 'Messages' });
    const times = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('time')?.getAttribute('datetime') ?? '');
    expect(times).toEqual([...times].sort().reverse());
  });

  it('marks deleted messages as deleted', async () => {
    const backend = installTestBackend({ role: 'support' });
    const deletedId = String(
      backend.store.db
        .prepare(
          "SELECT id FROM messages WHERE conversation_id = 'nadia-haddad_user_ravi-patel' AND deleted_at IS NOT NULL",
        )
        .pluck()
        .get(),
    );
    renderRoute('/messages?a=ravi-patel&b=nadia-haddad');
    const table = await screen.findByRole('table', { name: 'Messages' });
    const link = within(table).getByRole('link', { name: `Message ${deletedId}` });
    const row = link.closest('tr') ?? table;
    expect(within(row).getByText('Deleted')).toBeInTheDocument();
    expect(within(row).getByText('This message was deleted')).toBeInTheDocument();
  });

  it('pages a group conversation with Load more', async () => {
    const backend = installTestBackend({ role: 'support' });
    const total = visibleCount(backend, 'group_product-launch');
    expect(total).toBeGreaterThan(messagePageSize);
    const { user } = renderRoute('/messages?mode=group&group=product-launch');
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(within(table).getAllByRole('row')).toHaveLength(messagePageSize + 1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await expect.poll(() => within(table).getAllByRole('row').length).toBe(total + 1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(backend.requests.some((r) => r.path.includes('affix=prepend&id='))).toBe(true);
  });

  it('filters by category from the URL and sends the filter to the service', async () => {
    const backend = installTestBackend({ role: 'support' });
    renderRoute('/messages?a=ava-nguyen&b=leo-dubois&category=custom');
    const table = await screen.findByRole('table', { name: 'Messages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toHaveTextContent('custom · location');
    expect(
      backend.requests.some(
        (r) =>
          r.path.includes('conversationId=ava-nguyen_user_leo-dubois') &&
          r.path.includes('category=custom'),
      ),
    ).toBe(true);
    expect(await screen.findByRole('combobox', { name: 'First user' })).toHaveValue(
      'Ava Nguyen (ava-nguyen)',
    );
  });

  it('says a custom type the service would refuse next to the field and asks nothing with it', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { user, router } = renderRoute(
      '/messages?a=ava-nguyen&b=leo-dubois&category=custom&type=my%20type',
    );
    const field = await screen.findByRole('textbox', { name: 'Custom type' });
    expect(field).toHaveValue('my type');
    expect(field).toHaveAccessibleDescription('A type has 1 to 100 letters, digits, "_" or "-".');
    expect(screen.getByText('Nothing is listed: a filter cannot be used')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Messages' })).not.toBeInTheDocument();
    expect(backend.requests.filter((r) => r.path.includes('type=my'))).toEqual([]);

    await user.clear(field);
    await user.type(field, 'location');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('location');
  });
});
