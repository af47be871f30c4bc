import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { emptyOutcome } from './bulk-batches';
import { encodeBulkRun } from './bulk-run-record';
import { bulkRunSlotKey } from './bulk-run-store';

/** The uid list under `key` of a recorded request body. */
function uidsOf(body: unknown, key = 'uidsToDeactivate'): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const value: unknown = Object.entries(body).find(([name]) => name === key)?.[1];
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * The `n`th deactivation batch goes out and never comes back, as when the tab is closed while it is in
 * flight. `applied` of its uids are deactivated in the service anyway: the request may have landed.
 */
function holdBatch(backend: TestBackend, n: number, applied = 0) {
  let seen = 0;
  let reached: (uids: string[]) => void = () => undefined;
  const held = new Promise<string[]>((resolve) => (reached = resolve));
  mswServer.use(
    http.delete('*/api/users', async ({ request }) => {
      seen += 1;
      if (seen !== n) return undefined;
      const uids = uidsOf(await request.clone().json());
      if (applied > 0)
        await backend.call('DELETE', '/users', { uidsToDeactivate: uids.slice(0, applied) });
      reached(uids);
      await delay('infinite');
    }),
  );
  return held;
}

const deactivatedAmong = (backend: TestBackend, prefix: string): string[] =>
  backend.store.db
    .prepare('SELECT uid FROM users WHERE deactivated_at IS NOT NULL AND uid LIKE ? ORDER BY uid')
    .pluck()
    .all(`${prefix}%`)
    .map(String);

const sentBatches = (backend: TestBackend, method: 'DELETE' | 'PUT') =>
  backend.requests
    .filter((r) => r.method === method && r.path === '/users')
    .map((r) => uidsOf(r.body, method === 'DELETE' ? 'uidsToDeactivate' : 'uidsToActivate'));

describe('A bulk run interrupted by a reload', () => {
  it('settles the unknown uids by reading them, then resumes with the ones not changed', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const uids = Array.from(
      { length: 12 },
      (_, i) => `community-${String(i + 1).padStart(4, '0')}`,
    );
    // What the tab had stored when it went away: 3 done, 4 in flight (2 of them applied), 5 not sent.
    await backend.call('DELETE', '/users', { uidsToDeactivate: uids.slice(0, 5) });
    window.sessionStorage.setItem(
      bulkRunSlotKey,
      JSON.stringify(
        encodeBulkRun({
          id: 'run-1',
          action: 'deactivate',
          uids,
          outcome: { ...emptyOutcome(), done: uids.slice(0, 3), unknown: uids.slice(3, 7) },
          startedAt: Date.now() - 60_000,
          operator: 'test-admin',
        }),
      ),
    );

    const { user } = renderRoute('/users');
    const banner = await screen.findByRole('region', {
      name: 'A bulk deactivation was interrupted: 3 of 12 done',
    });
    expect(within(banner).getByRole('status')).toHaveTextContent(
      '3 deactivated, 4 unknown — check before retrying, 5 not started.',
    );
    await user.click(within(banner).getByRole('button', { name: 'Check the 4 unknown' }));
    expect(
      await within(banner).findByText(
        '3 deactivated, 2 deactivated (by this run or before it), 7 not started.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    // Undo leaves out the uids that may have been deactivated before the run.
    expect(
      within(banner).getByRole('button', { name: 'Undo: reactivate 3 users' }),
    ).toBeInTheDocument();

    const before = backend.requests.length;
    await user.click(
      within(banner).getByRole('button', { name: 'Resume: deactivate the 7 not started' }),
    );
    const finished = await screen.findByRole('dialog', { name: 'Deactivation finished' });
    expect(within(finished).getByRole('status')).toHaveTextContent(
      '10 deactivated, 2 deactivated (by this run or before it).',
    );
    const resumed = backend.requests.slice(before).filter((r) => r.method === 'DELETE');
    expect(resumed.map((r) => uidsOf(r.body).sort())).toEqual([uids.slice(5).sort()]);
    expect(deactivatedAmong(backend, 'community-')).toEqual(uids);
    expect(
      within(finished).getByRole('button', { name: 'Undo: reactivate 10 users' }),
    ).toBeInTheDocument();
  });

  it('comes back with what was done, the batch in flight as unknown, and Undo of the done part', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const tab = renderRoute('/users?q=community');
    const { user } = tab;
    await user.click(await screen.findByRole('button', { name: 'Select all 260 matching' }));
    expect(await screen.findByText('260 selected')).toBeInTheDocument();
    const held = holdBatch(backend, 2);

    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate 260 users?' });
    await user.type(within(confirm).getByRole('textbox', { name: 'Type 260 to confirm' }), '260');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate 260 users' }));
    const inFlight = await held;
    const [firstBatch = []] = sentBatches(backend, 'DELETE');
    expect(deactivatedAmong(backend, 'community-')).toEqual([...firstBatch].sort());

    // The tab reloads: everything in memory is gone, the tab's sessionStorage stays.
    tab.unmount();
    renderRoute('/users');
    const banner = await screen.findByRole('region', {
      name: 'A bulk deactivation was interrupted: 100 of 260 done',
    });
    expect(within(banner).getByText(/^Started .+ by test-admin\./)).toBeInTheDocument();
    expect(within(banner).getByRole('status')).toHaveTextContent(
      '100 deactivated, 100 unknown — check before retrying, 60 not started.',
    );
    const unknown = within(banner).getByRole('region', { name: 'Unknown — check before retrying' });
    expect(within(unknown).getByText(inFlight[0] ?? '?')).toBeInTheDocument();
    expect(
      within(within(banner).getByRole('region', { name: 'Deactivated' })).getByText(
        firstBatch[0] ?? '?',
      ),
    ).toBeInTheDocument();
    expect(within(banner).queryByRole('region', { name: 'Failed' })).not.toBeInTheDocument();
    expect(
      within(banner).getByRole('button', { name: 'Resume: deactivate the 60 not started' }),
    ).toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Undo: reactivate 100 users' }));
    const undone = await screen.findByRole('dialog', { name: 'Reactivation finished' });
    expect(within(undone).getByRole('status')).toHaveTextContent('100 reactivated.');
    expect(sentBatches(backend, 'PUT')).toEqual([firstBatch]);
    expect(deactivatedAmong(backend, 'community-')).toEqual([]);

    await user.click(within(undone).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /was interrupted/ })).not.toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('asks before leaving the page while a run is going, and the users page then shows it as interrupted', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user, router } = renderRoute('/users');
    await user.click(await screen.findByRole('button', { name: 'Enter uids…' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Uids, one per line' }),
      'amelia-hart{Enter}noah-fischer{Enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Add 2 to selection' }));
    const held = holdBatch(backend, 1);
    // The page is inert until the uids dialog has finished closing.
    await user.click(await screen.findByRole('button', { name: 'Deactivate selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate 2 users?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate 2 users' }));
    await held;

    // The browser's back button, say: the router asks first.
    void router.navigate('/groups');
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(ask).toHaveTextContent(
      'A bulk deactivation is running: 0 of 2 done. Leave anyway? It stops after the current batch.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/users');
    expect(screen.getByRole('dialog', { name: 'Deactivating 2 users' })).toBeInTheDocument();

    void router.navigate('/groups');
    const again = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(again).getByRole('button', { name: 'Leave anyway' }));
    await screen.findByRole('heading', { level: 1, name: 'Groups' });

    void router.navigate('/users');
    const banner = await screen.findByRole('region', {
      name: 'A bulk deactivation was interrupted: 0 of 2 done',
    });
    expect(within(banner).getByRole('status')).toHaveTextContent(
      '0 deactivated, 2 unknown — check before retrying.',
    );
  });
});
