import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userQueries } from '@/api/queries/users';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderRoute } from '@/testing/render';

async function storedUser(
  backend: TestBackend,
  uid: string,
): Promise<{ status: number; deactivated: boolean }> {
  const direct = await backend.call('GET', `/users/${uid}`);
  if (direct.status === 200) return { status: 200, deactivated: false };
  const listed = await backend.call('GET', `/users?searchKey=${uid}&onlyDeactivated=true`);
  const body = (await listed.json()) as { data: { uid: string }[] };
  return { status: direct.status, deactivated: body.data.some((user) => user.uid === uid) };
}

async function chooseOption(
  user: ReturnType<typeof renderRoute>['user'],
  label: string,
  option: string,
) {
  await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }), option);
}

describe('Users directory', () => {
  it('searches by prefix and keeps search, filters and page size in the URL', async () => {
    installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(26); // header + 25 per page

    await user.type(screen.getByRole('textbox', { name: 'Search by uid or name' }), 'oli');
    expect(await within(table).findByRole('link', { name: 'Olivia Bennett' })).toBeInTheDocument();
    await screen.findByText(/1–2 of 2/);
    expect(within(table).getByRole('link', { name: 'Oliver Grant' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=oli');

    await chooseOption(user, 'Role', 'Manager');
    await screen.findByText(/1–1 of 1/);
    expect(new URLSearchParams(router.state.location.search).get('role')).toBe('manager');
    expect(
      within(screen.getByRole('table', { name: 'Users' })).queryByText('Oliver Grant'),
    ).not.toBeInTheDocument();
  });

  it('says a search the service would refuse next to the field, sends nothing and offers no "Select all"', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user, router } = renderRoute('/users');
    await screen.findByRole('table', { name: 'Users' });
    expect(
      await screen.findByRole('button', { name: /^Select all \d+ matching$/ }),
    ).toBeInTheDocument();

    const search = screen.getByRole('textbox', { name: 'Search by uid or name' });
    await user.click(search);
    await user.paste('a'.repeat(101));
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(search).toHaveAccessibleDescription('At most 100 characters (this has 101)');
    expect(
      await screen.findByText('Nothing is listed: a filter cannot be used'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Select all/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe(`?q=${'a'.repeat(101)}`);
    expect(backend.requests.filter((r) => r.path.includes('searchKey=aaa'))).toEqual([]);

    // Empty is no filter at all, not an error.
    await user.clear(search);
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(search).not.toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
  });

  it('reads a pasted link with an unusable search as an error, never as the whole directory', async () => {
    installTestBackend({ role: 'admin' });
    const { user } = renderRoute(`/users?q=${'b'.repeat(120)}`);
    const search = await screen.findByRole('textbox', { name: 'Search by uid or name' });
    expect(search).toHaveAccessibleDescription('At most 100 characters (this has 120)');
    expect(screen.getByText('Nothing is listed: a filter cannot be used')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Select all/ })).not.toBeInTheDocument();

    await user.clear(search);
    await user.paste('amelia');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByRole('link', { name: 'Amelia Hart' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Select all 1 matching' }),
    ).toBeInTheDocument();
  });

  it('lists only deactivated accounts, reads filters from the URL, and pages with the size chosen', async () => {
    installTestBackend({ role: 'support' });
    const { user, router } = renderRoute('/users?state=deactivated');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByRole('link', { name: 'Ben Walker' })).toBeInTheDocument();
    expect(within(table).getAllByText('Deactivated')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: /^Accounts/ })).toHaveDisplayValue('Deactivated');

    await chooseOption(user, 'Accounts', 'Active');
    await chooseOption(user, 'Users per page', '50');
    expect(await screen.findByText(/1–50 of/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText(/51–100 of/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2&perPage=50');
  });

  it('deactivates a selection with an already deactivated and an unknown uid, reports honestly, and undoes exactly the change', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user } = renderRoute('/users?state=all&q=ben-');
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select ben-walker' })); // already deactivated
    await user.click(screen.getByRole('button', { name: 'Enter uids…' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Uids, one per line' }),
      'amelia-hart{Enter}no-such-user{Enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Add 2 to selection' }));
    expect(await screen.findByText('3 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 3 users?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate 3 users' }));
    const finished = await screen.findByRole('dialog', { name: 'Deactivation finished' });
    expect(within(finished).getByRole('status')).toHaveTextContent(
      '1 deactivated, 1 already deactivated, 1 not found.',
    );
    expect(
      within(within(finished).getByRole('region', { name: 'Deactivated' })).getByText(
        'amelia-hart',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(finished).getByRole('region', { name: 'Already deactivated' })).getByText(
        'ben-walker',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(finished).getByRole('region', { name: 'Not found' })).getByText('no-such-user'),
    ).toBeInTheDocument();
    expect(await storedUser(backend, 'amelia-hart')).toEqual({ status: 404, deactivated: true });

    await user.click(within(finished).getByRole('button', { name: 'Undo: reactivate 1 user' }));
    const undone = await screen.findByRole('dialog', { name: 'Reactivation finished' });
    expect(within(undone).getByRole('status')).toHaveTextContent('1 reactivated.');
    const writes = backend.requests.filter((r) => r.method !== 'GET');
    expect(writes.at(-1)).toEqual({
      method: 'PUT',
      path: '/users',
      body: { uidsToActivate: ['amelia-hart'] },
    });
    expect(await storedUser(backend, 'amelia-hart')).toEqual({ status: 200, deactivated: false });
    expect(await storedUser(backend, 'ben-walker')).toEqual({ status: 404, deactivated: true });
  });

  it('asks for the count to be typed above 50 users and selects all matching users page by page', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user } = renderRoute('/users?q=community');
    await screen.findByRole('table', { name: 'Users' });
    await user.click(await screen.findByRole('button', { name: 'Select all 260 matching' }));
    expect(await screen.findByText('260 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 260 users?' });
    const confirm = within(dialog).getByRole('button', { name: 'Deactivate 260 users' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type 260 to confirm' }), '260');
    await user.click(confirm);
    const finished = await screen.findByRole('dialog', { name: 'Deactivation finished' });
    expect(within(finished).getByRole('status')).toHaveTextContent('260 deactivated.');
    const batches = backend.requests.filter((r) => r.method === 'DELETE');
    expect(
      batches.map((r) => (r.body as { uidsToDeactivate: string[] }).uidsToDeactivate.length),
    ).toEqual([100, 100, 60]);
  });

  it('fetches the pages either side ahead, so paging shows them from the cache without asking again', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { user, client } = renderRoute('/users');
    const asked = (page: number) =>
      backend.requests.filter(
        (r) => r.method === 'GET' && r.path === `/users?perPage=25&page=${page}`,
      ).length;
    const table = await screen.findByRole('table', { name: 'Users' });
    const firstOnPage1 = within(table).getAllByRole('row')[1]?.textContent;
    // Page 2 is asked for once page 1 has loaded, before anyone pages.
    await waitFor(() =>
      expect(
        client.getQueryState(userQueries.list({ perPage: 25, page: 2 }).queryKey)?.status,
      ).toBe('success'),
    );
    expect(asked(2)).toBe(1);
    expect(asked(0)).toBe(0); // nothing before the first page

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText(/26–50 of/);
    // Shown at once from the cache: new rows, and no "updating" bar.
    expect(within(table).getAllByRole('row')[1]?.textContent).not.toBe(firstOnPage1);
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(
      screen.queryByRole('progressbar', { name: 'Updating the list' }),
    ).not.toBeInTheDocument();
    expect(asked(2)).toBe(1);
    await waitFor(() => expect(asked(3)).toBe(1)); // the next one ahead

    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await screen.findByText(/1–25 of/);
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe(firstOnPage1);
    expect(asked(1)).toBe(1);
  });

  it('reads no page ahead past the last one', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { client } = renderRoute('/users?q=oli');
    await screen.findByText(/1–2 of 2/);
    const lists = client.getQueryCache().findAll({ queryKey: userQueries.lists() });
    expect(lists.map((query) => query.queryKey[2])).toEqual([
      { searchKey: 'oli', perPage: 25, page: 1 },
    ]);
    expect(backend.requests.filter((r) => r.path.startsWith('/users?')).map((r) => r.path)).toEqual(
      ['/users?searchKey=oli&perPage=25&page=1'],
    );
  });

  it('selects a whole page from the header box, mixed when only some are, and keeps it across pages', async () => {
    installTestBackend({ role: 'admin' });
    const { user } = renderRoute('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const pageBox = within(table).getByRole('checkbox', { name: 'Select all users on this page' });
    const boxes = within(table).getAllByRole('checkbox', { name: /^Select (?!all)/ });
    expect(boxes).toHaveLength(25);

    await user.click(boxes[0]!);
    expect(boxes[0]).toBeChecked();
    expect(pageBox).toBePartiallyChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    await user.click(pageBox);
    expect(pageBox).toBeChecked();
    expect(pageBox).not.toBePartiallyChecked();
    expect(screen.getByText('25 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText(/26–50 of/);
    expect(pageBox).not.toBeChecked();
    expect(within(table).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(screen.getByText('25 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await screen.findByText(/1–25 of/);
    expect(pageBox).toBeChecked();
    await user.click(within(table).getAllByRole('checkbox', { name: /^Select (?!all)/ })[3]!);
    expect(pageBox).toBePartiallyChecked();
    expect(screen.getByText('24 selected')).toBeInTheDocument();
  });

  it('is read-only for moderators, with the reason', async () => {
    installTestBackend({ role: 'moderator' });
    renderRoute('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate selected' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enter uids…' })).toBeDisabled();
  });
});
