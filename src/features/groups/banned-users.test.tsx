import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

const bannedUids = (backend: TestBackend) =>
  backend.store.db
    .prepare("SELECT uid FROM group_bans WHERE guid = 'hiking-club' ORDER BY uid")
    .pluck()
    .all();

const banAudit = (backend: TestBackend) =>
  backend.console.store.db
    .selectFrom('audit')
    .select(['action', 'targets', 'reason', 'outcome'])
    .where('action', 'like', 'bans.%')
    .orderBy('id')
    .execute();

describe('Banned users of a group', { timeout: 30_000 }, () => {
  it('bans a member by uid with a reason, saying in words next to the field why a non-member cannot be', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/groups/hiking-club/banned');
    // The page's first render loads its route module and three reads: waited for, not timed.
    const table = await screen.findByRole('table', { name: 'Banned users' }, { timeout: 10_000 });
    expect(await within(table).findByText('Farid Torres')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ban a user…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban a user from Hiking Club' });
    const uid = within(dialog).getByRole('textbox', { name: /^User id/ });
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    await user.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(uid).toHaveAccessibleDescription('Required');
    expect(reason).toHaveAccessibleDescription('Say why; the reason goes into the audit trail.');

    await user.click(uid);
    await user.paste('ravi-patel');
    await user.click(reason);
    await user.paste('Spam in the trip threads');
    await user.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(
      await within(dialog).findByText(
        'ravi-patel is not a member of Hiking Club. Only members can be banned.',
      ),
    ).toBeInTheDocument();
    expect(uid).toHaveAccessibleDescription(
      'ravi-patel is not a member of Hiking Club. Only members can be banned.',
    );

    await user.clear(uid);
    await user.paste('jack-murphy');
    await user.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await screen.findByText('jack-murphy banned from Hiking Club.')).toBeInTheDocument();
    expect(await within(table).findByText('Jack Murphy')).toBeInTheDocument();
    // The service keeps no reason; the console's audit trail does, and the list shows it.
    const jack = within(table).getByText('Jack Murphy').closest('tr');
    expect(
      jack && within(jack).getByRole('cell', { name: 'Spam in the trip threads' }),
    ).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Ban reason');
    expect(bannedUids(backend)).toEqual(['community-0256', 'community-0257', 'jack-murphy']);
    expect(await banAudit(backend)).toEqual([
      {
        action: 'bans.add',
        targets: '{"guid":"hiking-club","uid":"ravi-patel"}',
        reason: 'Spam in the trip threads',
        outcome: 'refused',
      },
      {
        action: 'bans.add',
        targets: '{"guid":"hiking-club","uid":"jack-murphy"}',
        reason: 'Spam in the trip threads',
        outcome: 'ok',
      },
    ]);
  });

  it('searches the loaded page, and unbans a selection with a result per user; the failed one stays selected', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    await backend.call('POST', '/groups/hiking-club/bannedusers/jack-murphy');
    const { user, router } = renderRoute('/groups/hiking-club/banned');
    const table = await screen.findByRole('table', { name: 'Banned users' });
    await within(table).findByText('Jack Murphy');
    expect(
      screen.getByText(/The chat service has no search for banned users, so this searches the 3/),
    ).toBeInTheDocument();

    await user.type(
      screen.getByRole('textbox', { name: 'Search this page by uid or name' }),
      'farid',
    );
    expect(await screen.findByText(/: 1 match/)).toBeInTheDocument();
    expect(within(table).getByText('Farid Torres')).toBeInTheDocument();
    expect(within(table).queryByText('Jack Murphy')).not.toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('farid');
    await user.clear(screen.getByRole('textbox', { name: 'Search this page by uid or name' }));
    expect(await within(table).findByText('Jack Murphy')).toBeInTheDocument();

    await user.click(
      within(table).getByRole('checkbox', { name: 'Select all banned users shown' }),
    );
    const bar = screen.getByRole('region', { name: 'Selected banned users' });
    expect(bar).toHaveTextContent('3 selected');
    // Deactivated behind the page's back: the service no longer knows the uid, so its unban fails.
    await backend.call('DELETE', '/users', { uidsToDeactivate: ['community-0256'] });

    await user.click(within(bar).getByRole('button', { name: 'Unban selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unban 3 users from Hiking Club?' });
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Appeals accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Unban 3 users' }));

    const results = await screen.findByText('2 unbanned, 1 failed.');
    const alert = results.closest('[role="alert"]');
    expect(alert).toHaveTextContent(
      'community-0256: That user does not exist or has been deactivated.',
    );
    expect(alert).toHaveTextContent('The failed ones stay selected, to try again.');
    expect(screen.getByRole('region', { name: 'Selected banned users' })).toHaveTextContent(
      '1 selected',
    );
    expect(bannedUids(backend)).toEqual(['community-0256']);
    expect(
      (await banAudit(backend))
        .filter((row) => row.action === 'bans.remove')
        .map((row) => [row.outcome, row.reason]),
    ).toEqual(
      expect.arrayContaining([
        ['ok', 'Appeals accepted'],
        ['ok', 'Appeals accepted'],
        ['refused', 'Appeals accepted'],
      ]),
    );
    // The reason stayed with the console: no unban carried it to the service.
    backend.requests.forEach((request, index) => {
      if (request.method === 'DELETE')
        expect(Object.keys(backend.requestHeaders[index] ?? {})).not.toContain('x-console-reason');
    });
  });
});
