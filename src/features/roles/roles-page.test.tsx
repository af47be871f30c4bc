import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installReportedPermissions } from '@/testing/reported-permissions';
import { installTestBackend } from '@/testing/test-backend';
import { formatDateTime } from '@/utils/format';

// The reported maps come from the real console server's store, fed by its observer (see
// src/testing/reported-permissions.ts); the roles and catalogs from the in-process emulator.

const rowOf = (table: HTMLElement, role: string) =>
  within(table).getByRole('row', { name: new RegExp(`^${role} `) });

describe('Roles page', () => {
  it('never says a role equals its defaults when the service reported nothing', async () => {
    const backend = installTestBackend({ role: 'support' });
    installReportedPermissions(backend);
    renderRoute('/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    for (const role of ['default', 'manager', 'moderator']) {
      expect(
        await within(rowOf(table, role)).findByText('Unknown: not reported yet'),
      ).toBeInTheDocument();
    }
    expect(within(table).queryByText(/all defaults/)).not.toBeInTheDocument();
    expect(within(table).queryByText(/\d+ keys?$/)).not.toBeInTheDocument();
    // Nothing asked the service for a map it does not have.
    expect(
      backend.requests.map((r) => r.path).filter((path) => /^\/roles\/[^/?]+$/.test(path)),
    ).toEqual([]);
  });

  it('counts the keys that differ from their default in the map the service last reported', async () => {
    const backend = installTestBackend({ role: 'support' });
    const reports = installReportedPermissions(backend);
    await reports.saveAs('another-admin', 'default', { 'listUsers.mode': 'friends' });
    await reports.saveAs('another-admin', 'moderator', { 'legacy.flag': 'on' });
    const at = Date.parse('2026-11-21T08:00:00Z');
    await reports.report('manager', {}, { at });
    renderRoute('/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(rowOf(table, 'default')).toHaveTextContent('Default Role');
    expect(await within(rowOf(table, 'default')).findByText('3 keys')).toBeInTheDocument();
    expect(
      await within(rowOf(table, 'moderator')).findByText(/\+ 1 other key/),
    ).toBeInTheDocument();
    const manager = rowOf(table, 'manager');
    expect(await within(manager).findByText('None (all defaults)')).toBeInTheDocument();
    expect(
      within(manager).getByText(`as reported on ${formatDateTime(at / 1000)}`),
    ).toBeInTheDocument();
    expect(within(manager).getByRole('link', { name: 'manager' })).toHaveAttribute(
      'href',
      '/roles/manager',
    );
  });

  it('keeps the page size in the URL', async () => {
    installReportedPermissions(installTestBackend({ role: 'admin' }));
    const { user, router } = renderRoute('/roles?perPage=10');
    await screen.findByRole('table', { name: 'Roles' });
    const perPage = screen.getByRole('combobox', { name: /roles per page/i });
    expect(perPage).toHaveDisplayValue('10');
    await user.selectOptions(perPage, '50');
    expect(router.state.location.search).toBe('?perPage=50');
  });
});
