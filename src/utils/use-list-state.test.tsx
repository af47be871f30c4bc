import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textParam } from './list-state';
import { useListState } from './use-list-state';

const schema = z.object({ q: textParam() });

/** A list whose button commits a search as the search box does at the end of its pause. */
function List() {
  const { state, update } = useListState(schema);
  return (
    <>
      <p>Searching {state.q || 'nothing'}</p>
      <button type="button" onClick={() => update({ q: 'amelia' }, { replace: true })}>
        Search
      </button>
      <Link to="/users/amelia">Amelia</Link>
    </>
  );
}

describe('useListState', () => {
  it('drops a search that commits while another page is opening, so the operator is not pulled back', async () => {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const router = createMemoryRouter(
      [
        { path: '/users', Component: List },
        {
          path: '/users/:uid',
          lazy: async () => {
            await opened;
            return { Component: () => <h1>Amelia Hart</h1> };
          },
        },
      ],
      { initialEntries: ['/users'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'Amelia' }));
    expect(router.state.navigation.state).toBe('loading');

    // The search typed just before the click ends its pause while the user page is still loading.
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await act(async () => {
      open();
      await opened;
    });

    expect(await screen.findByRole('heading', { name: 'Amelia Hart' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/amelia');
  });

  it('commits a search while the list itself is what is shown', async () => {
    const router = createMemoryRouter([{ path: '/users', Component: List }], {
      initialEntries: ['/users'],
    });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Searching amelia')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=amelia');
  });
});
