import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from '@/api/zod';
import { listUsersQuerySchema } from '@/api/schemas/user';
import { textParam } from '@/utils/list-state';
import { useListState } from '@/utils/use-list-state';
import { FilterTextField } from './filter-text-field';
import { PagedTable } from './paged-table';
import { valueColumn } from './paged-table-columns';
import { SearchFilters } from './search-filters';

const rule = listUsersQuerySchema.shape.searchKey;
const params = z.object({ q: textParam() });
const rules = { q: rule };
const people = ['ada', 'ben', 'bea'].map((uid) => ({ uid }));
const spec = {
  label: 'People',
  noun: 'person',
  rowId: (row: { uid: string }) => row.uid,
  columns: [valueColumn('uid', 'Uid', (row: { uid: string }) => row.uid)],
};

const refetch = () => undefined;

/** The search bar of the lists below. */
function PeopleSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  return (
    <SearchFilters
      label="Filter people"
      searchLabel="Search people"
      searchRule={rules.q}
      q={q}
      onSearch={onSearch}
    >
      {null}
    </SearchFilters>
  );
}

/** A list page as every list of the console builds it: URL state, rules, search bar, table. */
function PeopleList({ asked }: { asked: string[] }) {
  const { state, update, invalid } = useListState(params, rules);
  // What the page would ask the service: nothing while the search cannot be used.
  if (!invalid) asked.push(state.q);
  const rows = people.filter((person) => person.uid.startsWith(state.q));
  return (
    <>
      <PeopleSearch q={state.q} onSearch={(q) => update({ q }, { replace: true })} />
      <PagedTable
        spec={spec}
        query={{
          data: rows,
          isPending: false,
          isError: false,
          error: null,
          isFetching: false,
          refetch,
        }}
        empty={<p>Nobody</p>}
        invalidFilters={invalid}
      />
    </>
  );
}

function renderList(path: string) {
  const asked: string[] = [];
  const router = createMemoryRouter([{ path: '/', element: <PeopleList asked={asked} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { asked, router, user: userEvent.setup() };
}

describe('FilterTextField', () => {
  function Field() {
    const [value, setValue] = useState('');
    return (
      <FilterTextField
        label="Search"
        value={value}
        rule={rule}
        onChange={(event) => setValue(event.target.value)}
      />
    );
  }

  it('says what the rule refuses under the field as it is typed, and nothing for empty text', async () => {
    render(<Field />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Search' });
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(field);
    await user.paste('a'.repeat(101));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('At most 100 characters (this has 101)');
    await user.keyboard('{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('');
    await user.clear(field);
    await user.type(field, '   ');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('A search box', () => {
  it('sends what was typed as soon as it loses focus, without waiting out the pause', async () => {
    const { router, user } = renderList('/');
    await user.type(screen.getByRole('textbox', { name: 'Search people' }), 'be');
    expect(router.state.location.search).toBe('');
    // Tabbing (or clicking a row's link) leaves the box: the search is in the URL before anything else.
    await user.tab();
    expect(router.state.location.search).toBe('?q=be');
  });
});

/** A search over a list of links, as the user directory shows it: each person opens their page. */
function PeopleLinks() {
  const { state, update } = useListState(params, rules);
  return (
    <>
      <PeopleSearch q={state.q} onSearch={(q) => update({ q }, { replace: true })} />
      {people
        .filter((person) => person.uid.startsWith(state.q))
        .map((person) => (
          <Link key={person.uid} to={`/people/${person.uid}`}>
            {person.uid}
          </Link>
        ))}
    </>
  );
}

function renderLinks() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <PeopleLinks /> },
      { path: '/people/:uid', element: <h1>Person</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('A search box left for a link', () => {
  it('keeps the list as it is between pressing a link and releasing it, and the link opens', async () => {
    const { router, user } = renderLinks();
    await user.type(screen.getByRole('textbox', { name: 'Search people' }), 'be');
    const ada = screen.getByRole('link', { name: 'ada' });
    // The press moves the focus to the link; the search, sent then, would take the link away before
    // the release, and the click would be lost (or land on another row).
    await user.pointer({ keys: '[MouseLeft>]', target: ada });
    expect(ada).toHaveFocus();
    expect(screen.getByRole('link', { name: 'ada' })).toBe(ada);
    await user.pointer({ keys: '[/MouseLeft]', target: ada });
    expect(router.state.location.pathname).toBe('/people/ada');
    expect(await screen.findByRole('heading', { name: 'Person' })).toBeInTheDocument();
  });

  it('sends the search once the link is left without being followed', async () => {
    const { router, user } = renderLinks();
    await user.type(screen.getByRole('textbox', { name: 'Search people' }), 'be');
    await user.tab();
    expect(screen.getByRole('link', { name: 'ada' })).toHaveFocus();
    expect(router.state.location.search).toBe('');
    await user.tab();
    expect(router.state.location.search).toBe('?q=be');
    expect(screen.queryByRole('link', { name: 'ada' })).not.toBeInTheDocument();
  });
});

describe('A list with filter rules', () => {
  it('lists nothing and asks nothing for a search the rule refuses, from a link or typed', async () => {
    const { asked, router, user } = renderList(`/?q=${'b'.repeat(101)}`);
    const field = screen.getByRole('textbox', { name: 'Search people' });
    expect(field).toHaveAccessibleDescription('At most 100 characters (this has 101)');
    expect(screen.getByText('Nothing is listed: a filter cannot be used')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'People' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.clear(field);
    await user.paste('be');
    expect(await screen.findByRole('row', { name: 'bea' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(router.state.location.search).toBe('?q=be');
    expect(asked.at(-1)).toBe('be');
  });
});
