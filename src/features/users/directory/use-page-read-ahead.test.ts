import { describe, expect, it } from 'vitest';
import { pagesAround } from './use-page-read-ahead';

describe('pagesAround', () => {
  it('gives the page, the next and the previous one that exist', () => {
    expect(pagesAround(3, 100, 100_000)).toEqual([3, 4, 2]);
    expect(pagesAround(1, 25, 300)).toEqual([1, 2]);
    expect(pagesAround(12, 25, 300)).toEqual([12, 11]);
  });

  it('reads nothing ahead of a single page, and counts a partial last page', () => {
    expect(pagesAround(1, 25, 25)).toEqual([1]);
    expect(pagesAround(1, 25, 0)).toEqual([1]);
    expect(pagesAround(1, 25, 26)).toEqual([1, 2]);
  });
});
