import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderRoute } from '@/testing/render';

async function bannedTotal(backend: TestBackend, guid: string): Promise<number> {
  const response = await backend.call('GET', `/groups/${guid}/bannedusers?perPage=1`);
  const body = (await response.json()) as { meta: { pagination: { total: number } } };
  return body.meta.pagination.total;
}

// The banned pages read the audit trail for ban reasons too; on a loaded machine that is several seconds.
describe('Groups', { timeout: 30_000 }, () => {
  it('filters by type and search, with both in the URL', async () => {
    installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/groups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByText('Support Hub')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: /^Type/ }), 'Password');
    expect(await within(table).findByText('Night Owls')).toBeInTheDocument();
    expect(within(table).queryByText('Support Hub')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=password');

    await user.type(screen.getByRole('textbox', { name: 'Search by guid or name' }), 'vip');
    await screen.findByText(/1–1 of 1/);
    expect(within(table).getByText('VIP Lounge')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('vip');
    expect(within(table).getByRole('link', { name: 'Banned users of VIP Lounge' })).toHaveAttribute(
      'href',
      '/groups/vip-lounge/banned',
    );
  });

  it('says a search over 100 characters next to the field, for groups', async () => {
    installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/groups');
    await screen.findByRole('table', { name: 'Groups' });
    const search = screen.getByRole('textbox', { name: 'Search by guid or name' });
    await user.click(search);
    await user.paste('g'.repeat(101));
    expect(search).toHaveAccessibleDescription('At most 100 characters (this has 101)');
    expect(
      await screen.findByText('Nothing is listed: a filter cannot be used'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Groups' })).not.toBeInTheDocument();
  });

  it('reads a link with a banned-users search over 100 characters as an error, not as the page', async () => {
    installTestBackend({ role: 'moderator' });
    renderRoute(`/groups/support-hub/banned?q=${'u'.repeat(101)}`);
    const field = await screen.findByRole('textbox', { name: 'Search this page by uid or name' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(
      await screen.findByText('Nothing is listed: a filter cannot be used'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Banned users' })).not.toBeInTheDocument();
  });

  it('pages through 250 banned users with the page in the URL and a moderator unbans one', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user, router } = renderRoute('/groups/support-hub/banned?perPage=50');
    const table = await screen.findByRole('table', { name: 'Banned users' });
    expect(await screen.findByText('1–50 of 250')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Unban / })).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('51–100 of 250')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2&perPage=50');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);

    const uid = within(rows[0] ?? table).getByText(/^community-\d{4}$/).textContent ?? '';
    await user.click(within(table).getByRole('button', { name: `Unban ${uid}` }));
    const dialog = await screen.findByRole('dialog', { name: /^Unban / });
    expect(dialog).toHaveTextContent('Support Hub');
    await user.click(within(dialog).getByRole('button', { name: 'Unban user' }));
    expect(await screen.findByText(/unbanned from Support Hub\.$/)).toBeInTheDocument();
    expect(await screen.findByText('51–100 of 249')).toBeInTheDocument();
    expect(within(table).queryByText(uid)).not.toBeInTheDocument();
    expect(await bannedTotal(backend, 'support-hub')).toBe(249);
  });

  it('shows a designed empty state and keeps unban disabled for support', async () => {
    installTestBackend({ role: 'support' });
    renderRoute('/groups/vip-lounge/banned');
    expect(await screen.findByText('Nobody is banned')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Banned users of VIP Lounge' }),
    ).toBeInTheDocument();
  });

  it('does not let support unban', async () => {
    installTestBackend({ role: 'support' });
    renderRoute('/groups/hiking-club/banned');
    const table = await screen.findByRole('table', { name: 'Banned users' });
    for (const button of within(table).getAllByRole('button', { name: /^Unban / }))
      expect(button).toBeDisabled();
  });
});
