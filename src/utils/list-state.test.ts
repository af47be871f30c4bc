import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  changeListState,
  listDefaults,
  pageParam,
  parseListState,
  perPageParam,
  textParam,
  writeListState,
} from './list-state';

const schema = z.object({
  q: textParam(),
  status: z.enum(['available', 'offline']).optional().catch(undefined),
  state: z.enum(['active', 'deactivated', 'all']).catch('active'),
  page: pageParam,
  perPage: perPageParam([25, 50, 100], 25),
});

const parse = (query: string) => parseListState(schema, new URLSearchParams(query));
const write = (state: Parameters<typeof writeListState<typeof schema>>[1], base?: string) =>
  writeListState(schema, state, new URLSearchParams(base)).toString();

describe('parseListState', () => {
  it('reads every value of a well-formed URL', () => {
    expect(parse('q=oli&status=offline&state=all&page=3&perPage=50')).toEqual({
      q: 'oli',
      status: 'offline',
      state: 'all',
      page: 3,
      perPage: 50,
    });
  });

  it('gives the defaults for a bare URL', () => {
    expect(parse('')).toEqual({ q: '', status: undefined, state: 'active', page: 1, perPage: 25 });
    expect(listDefaults(schema)).toEqual(parse(''));
  });

  it('falls back to the default of each malformed value and keeps the others', () => {
    expect(parse(`status=busy&state=gone&page=-2&perPage=30`)).toEqual(parse(''));
    expect(parse('page=2.5&perPage=abc&q=%20ben%20')).toEqual({ ...parse(''), q: 'ben' });
    expect(parse('page=7&state=nope')).toEqual({ ...parse(''), page: 7 });
  });

  it('never throws, even for a field without a fallback of its own', () => {
    const strict = z.object({ tab: z.enum(['queue', 'history']).optional(), page: pageParam });
    expect(parseListState(strict, new URLSearchParams('tab=other&page=4'))).toEqual({
      tab: undefined,
      page: 4,
    });
  });

  it('keeps free text as written, however long: the list’s filter rules judge it, not the reading', () => {
    expect(parse(`q=${'x'.repeat(101)}&page=2`)).toEqual({
      ...parse(''),
      q: 'x'.repeat(101),
      page: 2,
    });
  });

  it('ignores parameters that are not the list’s', () => {
    expect(parse('view=history&sender=x&page=2')).toEqual({ ...parse(''), page: 2 });
  });
});

describe('writeListState', () => {
  it('leaves out every default, so a plain list keeps a plain URL', () => {
    expect(write(parse(''))).toBe('');
    expect(write({ ...parse(''), page: 2, perPage: 50 })).toBe('page=2&perPage=50');
    expect(write({ ...parse(''), state: 'deactivated' })).toBe('state=deactivated');
  });

  it('writes each value as it reads back, so the URL is the one a reload would keep', () => {
    expect(write({ ...parse(''), q: '  Ben ', page: 2 })).toBe('q=Ben&page=2');
    expect(write({ ...parse(''), q: '   ', perPage: 30 })).toBe('');
  });

  it('writes in the schema’s order after the parameters of other owners, which it keeps', () => {
    expect(write({ ...parse(''), page: 3, q: 'ben' }, 'view=history&page=9&sender=mo')).toBe(
      'view=history&sender=mo&q=ben&page=3',
    );
  });

  it('round-trips: what it writes parses back to the same state', () => {
    const states = [
      parse(''),
      {
        q: 'amelia hart',
        status: 'available' as const,
        state: 'all' as const,
        page: 12,
        perPage: 100,
      },
      { ...parse(''), q: 'a&b=c?d', page: 2 },
    ];
    for (const state of states) expect(parse(write(state))).toEqual(state);
    const query = 'q=oli&status=offline&state=deactivated&page=4&perPage=50';
    expect(write(parse(query))).toBe(query);
  });
});

describe('changeListState', () => {
  const onPage5 = { ...parse(''), q: 'oli', page: 5 };

  it('goes back to the first page when a filter or the page size changes', () => {
    expect(changeListState(schema, onPage5, { state: 'all' })).toEqual({
      ...onPage5,
      state: 'all',
      page: 1,
    });
    expect(changeListState(schema, onPage5, { perPage: 100 }).page).toBe(1);
  });

  it('keeps the filters when only the page changes', () => {
    expect(changeListState(schema, onPage5, { page: 6 })).toEqual({ ...onPage5, page: 6 });
  });
});
