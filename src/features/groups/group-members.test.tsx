import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

const membership = (backend: TestBackend, uid: string) =>
  backend.store.db
    .prepare("SELECT scope FROM group_members WHERE guid = 'hiking-club' AND uid = ?")
    .pluck()
    .get(uid);

const memberAudit = (backend: TestBackend) =>
  backend.console.store.db
    .selectFrom('audit')
    .select(['action', 'targets', 'reason', 'outcome'])
    .where('action', 'like', 'members.%')
    .orderBy('id')
    .execute();

const row = async (uid: string) => {
  // The page's first render loads its route module and two reads: waited for, not timed.
  const table = await screen.findByRole('table', { name: 'Members' }, { timeout: 10_000 });
  const link = await within(table).findByRole('link', { name: uid });
  const cell = link.closest('tr');
  if (!cell) throw new Error(`no row of ${uid}`);
  return within(cell);
};

// Each test walks the page through the real console server; on a loaded machine that is several seconds.
describe('Members of a group', { timeout: 30_000 }, () => {
  it('lists the members with their scope, each uid linking to the user, and filters by scope in the URL', async () => {
    installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/groups/hiking-club/members');
    const nadia = await row('nadia-haddad');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Members of Hiking Club' }),
    ).toBeVisible();
    expect(nadia.getByText('moderator')).toBeInTheDocument();
    expect(nadia.getByRole('link', { name: 'nadia-haddad' })).toHaveAttribute(
      'href',
      '/users/nadia-haddad',
    );
    expect((await row('hannah-kowalski')).getByText('admin')).toBeInTheDocument();
    expect(screen.getByText('hiking-club · 10 members')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Scope' }), 'moderator');
    expect(router.state.location.search).toBe('?scope=moderator');
    const table = screen.getByRole('table', { name: 'Members' });
    expect(await within(table).findAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'nadia-haddad' })).toBeInTheDocument();
  });

  it('a support operator sees the actions disabled, with the roles that may use them', async () => {
    installTestBackend({ role: 'support' });
    const { user } = renderRoute('/groups/hiking-club/members');
    const amelia = await row('amelia-hart');
    const kick = amelia.getByRole('button', { name: 'Kick amelia-hart' });
    expect(kick).toBeDisabled();
    expect(amelia.getByRole('button', { name: 'Change the scope of amelia-hart' })).toBeDisabled();
    expect(amelia.getByRole('button', { name: 'Ban amelia-hart' })).toBeDisabled();
    await user.hover(kick.parentElement ?? kick);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Only admin or moderator operators can do this.',
    );
  });

  it('kicks a member after a confirm that says what happens (never the owner); the service removed them and the audit has the reason', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/groups/hiking-club/members');
    const owner = await row('hannah-kowalski');
    expect(owner.getByRole('button', { name: 'Kick hannah-kowalski' })).toBeDisabled();
    expect(
      owner.getByRole('button', { name: 'Change the scope of hannah-kowalski' }),
    ).toBeDisabled();
    await user.hover(owner.getByRole('button', { name: 'Kick hannah-kowalski' }).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The chat service does not let anyone kick the group’s owner or change their scope.',
    );
    await user.click((await row('lucas-silva')).getByRole('button', { name: 'Kick lucas-silva' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Kick Lucas Silva from Hiking Club?',
    });
    expect(dialog).toHaveTextContent('They are not banned: they may join the group again.');
    const confirm = within(dialog).getByRole('button', { name: 'Kick member' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Off-topic selling');
    await user.click(confirm);
    expect(
      await screen.findByText('Lucas Silva (lucas-silva) kicked from Hiking Club.'),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Members' });
    await expect.poll(() => within(table).queryByRole('link', { name: 'lucas-silva' })).toBeNull();
    expect(membership(backend, 'lucas-silva')).toBeUndefined();
    expect(await memberAudit(backend)).toEqual([
      {
        action: 'members.kick',
        targets: '{"guid":"hiking-club","uid":"lucas-silva"}',
        reason: 'Off-topic selling',
        outcome: 'ok',
      },
    ]);
  });

  it("changes a member's scope after a confirm; the audit has the reason", async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user } = renderRoute('/groups/hiking-club/members');

    await user.click(
      (await row('sofia-rossi')).getByRole('button', { name: 'Change the scope of sofia-rossi' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the scope of Sofia Rossi?' });
    await user.click(within(dialog).getByRole('radio', { name: /^Moderator/ }));
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Runs the Sunday walks');
    expect(dialog).toHaveTextContent('They become moderator now');
    await user.click(within(dialog).getByRole('button', { name: 'Make moderator' }));
    expect(
      await screen.findByText('Sofia Rossi (sofia-rossi) is now moderator of Hiking Club.'),
    ).toBeVisible();
    expect(await (await row('sofia-rossi')).findByText('moderator')).toBeInTheDocument();
    expect(membership(backend, 'sofia-rossi')).toBe('moderator');
    expect(await memberAudit(backend)).toEqual([
      {
        action: 'members.scope',
        targets: '{"guid":"hiking-club","uid":"sofia-rossi","scope":"moderator"}',
        reason: 'Runs the Sunday walks',
        outcome: 'ok',
      },
    ]);
  });
});
