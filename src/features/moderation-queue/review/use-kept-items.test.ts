import { describe, expect, it } from 'vitest';
import { keepLeaving } from './use-kept-items';

const id = (item: string) => item;

describe('keepLeaving', () => {
  it('keeps items that left the latest answer after the item they followed', () => {
    expect(keepLeaving(['a', 'b', 'c', 'd'], ['a', 'c'], id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('puts new items where the answer lists them, and a leaving first item first', () => {
    expect(keepLeaving(['a', 'b'], ['n', 'b'], id)).toEqual(['a', 'n', 'b']);
    expect(keepLeaving(['a', 'b'], ['b', 'n'], id)).toEqual(['a', 'b', 'n']);
  });

  it('follows the answer when nothing left it', () => {
    expect(keepLeaving(['a', 'b'], ['b', 'a', 'c'], id)).toEqual(['b', 'a', 'c']);
  });
});
