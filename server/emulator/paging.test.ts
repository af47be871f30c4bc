import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging';

describe('pageWindow', () => {
  it('reads the first half forwards at its offset', () => {
    expect(pageWindow(1000, 100, 1)).toEqual({ limit: 100, offset: 0, reversed: false });
    expect(pageWindow(1000, 100, 5)).toEqual({ limit: 100, offset: 400, reversed: false });
  });

  it('reads the second half from the far end, reversed, skipping as few rows as possible', () => {
    expect(pageWindow(1000, 100, 7)).toEqual({ limit: 100, offset: 300, reversed: true });
    expect(pageWindow(1000, 100, 10)).toEqual({ limit: 100, offset: 0, reversed: true });
    // A short last page: rows 200..249 of 250 are the first 50 from the end.
    expect(pageWindow(250, 100, 3)).toEqual({ limit: 50, offset: 0, reversed: true });
  });

  it('covers every row exactly once across the pages, whatever the sizes', () => {
    for (const [total, perPage] of [
      [0, 10],
      [1, 10],
      [7, 3],
      [10, 5],
      [11, 5],
      [297, 40],
      [100_000, 100],
    ] as const) {
      const seen: number[] = [];
      const pages = Math.ceil(total / perPage);
      for (let page = 1; page <= pages; page += 1) {
        const { limit, offset, reversed } = pageWindow(total, perPage, page);
        const rows = Array.from({ length: limit }, (_, i) =>
          reversed ? total - 1 - offset - i : offset + i,
        );
        if (reversed) rows.reverse();
        expect(rows[0], `${total}/${perPage} page ${page}`).toBe((page - 1) * perPage);
        seen.push(...rows);
      }
      expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
    }
  });

  it('answers nothing past the end without reading', () => {
    expect(pageWindow(250, 100, 4)).toEqual({ limit: 0, offset: 0, reversed: false });
    expect(pageWindow(0, 100, 1)).toEqual({ limit: 0, offset: 0, reversed: false });
  });
});
