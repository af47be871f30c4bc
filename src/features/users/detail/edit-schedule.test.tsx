import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

interface Stored {
  data: {
    mutePreferences: { schedule: Record<string, { from: number; to: number; dnd: boolean }> };
  };
}

const storedSchedule = async (backend: TestBackend) =>
  (
    (await (
      await backend.call('GET', '/notifications/v1/preferences?uid=amelia-hart')
    ).json()) as Stored
  ).data.mutePreferences.schedule;

async function openMonday() {
  const view = renderRoute('/users/amelia-hart');
  const table = await screen.findByRole(
    'table',
    { name: 'Notification schedule' },
    { timeout: 10_000 },
  );
  const change = await within(table).findByRole('button', {
    name: 'Change Weekly schedule: Monday',
  });
  expect(await within(table).findByRole('row', { name: /^Monday/ })).toHaveTextContent(
    /^Monday00:00–23:59Change$/,
  );
  await view.user.click(change);
  const dialog = await screen.findByRole('dialog', {
    name: 'Change the Monday schedule for amelia-hart?',
  });
  return { ...view, table, dialog: within(dialog) };
}

// Each test renders the whole user page against the real console server and emulator.
describe('The weekly notification schedule', { timeout: 30_000 }, () => {
  it('is changed for one day after a confirm, checked beside each field, and audited', async () => {
    const backend = installTestBackend({ role: 'admin' });
    await backend.ready;
    const { user, table, dialog } = await openMonday();
    const from = dialog.getByRole('textbox', { name: 'From (HH:MM)' });
    const to = dialog.getByRole('textbox', { name: 'To (HH:MM)' });
    const save = dialog.getByRole('button', { name: 'Save the change' });
    expect(save).toBeDisabled();

    await user.clear(from);
    await user.type(from, '8.30');
    expect(await dialog.findByText('A time of day as HH:MM, 00:00 to 23:59.')).toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '08:30');
    await user.clear(to);
    await user.type(to, '07:00');
    expect(await dialog.findByText('The end is before the start.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(to);
    await user.type(to, '18:00');
    expect(dialog.getByRole('status')).toHaveTextContent(
      'Monday: 00:00–23:59 → 08:30–18:00, in amelia-hart’s own time zone',
    );
    await user.click(save);

    expect(
      await screen.findByText(
        'Monday schedule of amelia-hart: 00:00–23:59 → 08:30–18:00.',
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Monday/ })).toHaveTextContent('08:30–18:00');
    expect((await storedSchedule(backend)).monday).toEqual({ from: 830, to: 1800, dnd: false });
    expect(backend.requests.filter((r) => r.method === 'PATCH')).toEqual([
      expect.objectContaining({
        body: { mutePreferences: { schedule: { monday: { from: 830, to: 1800, dnd: false } } } },
      }),
    ]);
    const audit = await backend.console.store.db
      .selectFrom('audit')
      .select(['action', 'targets', 'outcome'])
      .where('action', '=', 'preferences.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.outcome).toBe('ok');
    expect(audit[0]?.targets).toContain('amelia-hart');
  });

  it('turns a day off: no notifications that day', async () => {
    const backend = installTestBackend({ role: 'support' });
    await backend.ready;
    const { user, table, dialog } = await openMonday();
    await user.click(dialog.getByRole('checkbox', { name: 'No notifications on Monday' }));
    expect(dialog.getByRole('textbox', { name: 'From (HH:MM)' })).toBeDisabled();
    expect(dialog.getByRole('status')).toHaveTextContent('Monday: 00:00–23:59 → No notifications');
    await user.click(dialog.getByRole('button', { name: 'Save the change' }));
    expect(
      await screen.findByText(/^Monday schedule of amelia-hart/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Monday/ })).toHaveTextContent(
      'No notifications',
    );
    expect((await storedSchedule(backend)).monday).toEqual({ from: 0, to: 2359, dnd: true });
  });

  it('is not editable by a moderator', async () => {
    installTestBackend({ role: 'moderator' });
    renderRoute('/users/amelia-hart');
    const table = await screen.findByRole(
      'table',
      { name: 'Notification schedule' },
      { timeout: 10_000 },
    );
    expect(
      await within(table).findByRole('button', { name: 'Change Weekly schedule: Monday' }),
    ).toBeDisabled();
  });
});
