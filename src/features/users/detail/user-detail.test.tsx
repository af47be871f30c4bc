import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installTestBackend } from '@/testing/test-backend';
import { renderRoute } from '@/testing/render';

const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function scheduleRows() {
  const table = screen.getByRole('table', { name: 'Notification schedule' });
  return everyDay.map((day) =>
    within(table)
      .getByRole('row', { name: new RegExp(`^${day}`) })
      .textContent?.replace(/Change$/, ''),
  );
}

// Each test renders the whole page (its sections read on their own) against the real console server.
describe('User detail', { timeout: 30_000 }, () => {
  it('shows notification preferences in words and resets them to 00:00–23:59 every day after a before/after confirm', async () => {
    const backend = installTestBackend({ role: 'support' });
    const patched = await backend.call('PATCH', '/notifications/v1/preferences?uid=amelia-hart', {
      groupPreferences: { groupMessages: 3, groupReactions: 3, groupMemberJoined: 2 },
      mutePreferences: {
        dnd: 2,
        schedule: {
          monday: { from: 900, to: 1730, dnd: false },
          sunday: { from: 0, to: 2359, dnd: true },
        },
      },
    });
    expect(patched.status).toBe(200);

    const { user } = renderRoute('/users/amelia-hart');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Amelia Hart' }),
    ).toBeInTheDocument();
    // The tables are there at once, their values once the preferences have come.
    const groups = await screen.findByRole('table', { name: 'Groups' });
    await waitFor(() =>
      expect(within(groups).getByRole('row', { name: /^Messages/ })).toHaveTextContent(
        'Mentions only',
      ),
    );
    expect(screen.queryByText('Loading the preferences…')).toBeNull();
    expect(within(groups).getByRole('row', { name: /^Reactions/ })).toHaveTextContent(
      'All reactions',
    );
    expect(within(groups).getByRole('row', { name: /^Member joined/ })).toHaveTextContent(
      /^Member joinedNotifyChange$/,
    );
    expect(
      within(screen.getByRole('table', { name: 'Muting' })).getByRole('row', {
        name: /^Do not disturb/,
      }),
    ).toHaveTextContent('On');
    expect(scheduleRows()).toEqual([
      'Monday09:00–17:30',
      'Tuesday00:00–23:59',
      'Wednesday00:00–23:59',
      'Thursday00:00–23:59',
      'Friday00:00–23:59',
      'Saturday00:00–23:59',
      'SundayNo notifications',
    ]);

    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset notification preferences of amelia-hart?',
    });
    // The service says its defaults only in its answer to the reset: the preview claims none.
    const changes = within(dialog).getByRole('table', { name: 'Settings the reset returns' });
    expect(within(changes).getByRole('row', { name: /^Groups: Messages/ })).toHaveTextContent(
      'Mentions onlyThe app’s default',
    );
    expect(within(changes).getByRole('row', { name: /^Schedule: Sunday/ })).toHaveTextContent(
      'No notificationsThe app’s default',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));

    expect(await screen.findByText(/^Preferences reset\./)).toHaveTextContent(
      'Groups: Messages Mentions only → All messages',
    );
    expect(scheduleRows()).toEqual(everyDay.map((day) => `${day}00:00–23:59`));
    const stored = (await (
      await backend.call('GET', '/notifications/v1/preferences?uid=amelia-hart')
    ).json()) as {
      data: {
        groupPreferences: { groupMessages: number };
        mutePreferences: { dnd: number; schedule: Record<string, unknown> };
      };
    };
    expect(stored.data.groupPreferences.groupMessages).toBe(2);
    expect(stored.data.mutePreferences.dnd).toBe(1);
    expect(Object.values(stored.data.mutePreferences.schedule)).toEqual(
      Array(7).fill({ from: 0, to: 2359, dnd: false }),
    );
  });

  it('previews a reset with no value the reset then contradicts', async () => {
    installTestBackend({ role: 'support' });
    const { user } = renderRoute('/users/amelia-hart');
    await user.click(await screen.findByRole('button', { name: 'Reset to defaults' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset notification preferences of amelia-hart?',
    });
    const preview = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
    expect(preview.length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));
    await screen.findByText(/^Preferences reset\./);

    // What the card shows now is what the service answered to the reset.
    const shown = new Map<string, string>();
    for (const title of ['One-on-one conversations', 'Groups', 'Muting'])
      for (const row of within(screen.getByRole('table', { name: title })).getAllByRole('row')) {
        const [label, value] = [...row.querySelectorAll('th, td')].map((c) => c.textContent);
        shown.set(`${title}: ${label}`, value ?? '');
      }
    const claims = preview.filter(([, , after]) => after !== 'The app’s default');
    expect(claims.filter(([label, , after]) => shown.get(label ?? '') !== after)).toEqual([]);
    expect(shown.get('Muting: Privacy template')).toBe('On (notifications hide the content)');
  });

  it('does not let a moderator reset preferences', async () => {
    installTestBackend({ role: 'moderator' });
    renderRoute('/users/amelia-hart');
    await screen.findByRole('table', { name: 'Notification schedule' });
    expect(screen.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Mark delivered…' })).toBeDisabled();
  });

  it('finds a deactivated user and lets an admin reactivate it', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user } = renderRoute('/users/ben-walker');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ben Walker' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/cannot log in/)).toHaveTextContent(/^Deactivated since/);
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate ben-walker?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate user' }));
    expect(await screen.findByText('ben-walker reactivated.')).toBeInTheDocument();
    expect((await backend.call('GET', '/users/ben-walker')).status).toBe(200);
    expect(screen.queryByText(/cannot log in/)).not.toBeInTheDocument();
  });

  it('lists the groups the user is banned from, saying how many groups were checked', async () => {
    installTestBackend({ role: 'support' });
    renderRoute('/users/community-0256');
    const section = await screen.findByRole('region', { name: 'Banned from groups' });
    expect(await within(section).findByRole('link', { name: 'Hiking Club' })).toHaveAttribute(
      'href',
      '/groups/hiking-club/banned',
    );
    expect(within(section).queryByRole('link', { name: 'Support Hub' })).not.toBeInTheDocument();
    expect(within(section).getByText(/^Checked all \d+ groups\.$/)).toBeInTheDocument();
    expect(
      within(section).getByText(/no lookup of a user’s bans: the console reads the banned lists/),
    ).toBeInTheDocument();
  });

  it('marks a conversation delivered on behalf of this user, up to a chosen message', async () => {
    const backend = installTestBackend({ role: 'support' });
    await backend.ready;
    const { user } = renderRoute('/users/noah-fischer');
    // Mounted once the page's sections have painted.
    const section = await screen.findByRole(
      'region',
      { name: 'Mark conversation delivered' },
      { timeout: 10_000 },
    );
    await user.type(await within(section).findByRole('combobox', { name: 'Other user' }), 'amelia');
    await user.click(await screen.findByRole('option', { name: /Amelia Hart/ }));
    await user.click(within(section).getByRole('combobox', { name: /^Up to message/ }));
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('All messages');
    const chosen = options[1];
    if (!chosen) throw new Error('the conversation has no messages');
    const messageId = /^#(\d+)/.exec(chosen.textContent ?? '')?.[1];
    await user.click(chosen);
    await user.click(within(section).getByRole('button', { name: 'Mark delivered…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark conversation delivered?' });
    expect(dialog).toHaveTextContent(`Acting as noah-fischer`);
    expect(dialog).toHaveTextContent(`up to and including message #${messageId}`);
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(/marked as delivered/);
    expect(backend.requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/users/amelia-hart/conversation/delivered',
        body: { messageId: Number(messageId) },
      },
    ]);
  });
});
