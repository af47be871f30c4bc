import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';

describe('Roles page', () => {
  it('lists every role with how many permissions differ from the catalog defaults', async () => {
    const backend = installTestBackend({ role: 'support' });
    await backend.call('PUT', '/roles/moderator/permissions', { permissions: { 'legacy.flag': 'on' } });
    renderRoute('/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    const row = (role: string) => within(table).getByRole('row', { name: new RegExp(`^${role} `) });
    expect(row('default')).toHaveTextContent('Default Role');
    expect(await within(row('default')).findByText('3 keys')).toBeInTheDocument();
    expect(await within(row('manager')).findByText('3 keys')).toBeInTheDocument();
    expect(await within(row('moderator')).findByText(/\+ 1 other key/)).toBeInTheDocument();
    expect(within(row('manager')).getByRole('link', { name: 'manager' })).toHaveAttribute('href', '/roles/manager');
  });

  it('keeps the page size in the URL', async () => {
    installTestBackend({ role: 'admin' });
    const { user, router } = renderRoute('/roles?perPage=10');
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.getByRole('combobox', { name: /roles per page/i })).toHaveTextContent('10');
    await user.click(screen.getByRole('combobox', { name: /roles per page/i }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(router.state.location.search).toBe('?perPage=50');
  });
});
