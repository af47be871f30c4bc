import { describe, expect, it } from 'vitest';
import { createStyleCache } from './style-cache';

/** The CSS the cache writes for `.css-x{styles}` (on the server, as the first paint draws it). */
const written = (styles: string) =>
  createStyleCache().insert(
    '.css-x',
    { name: 'x', styles, next: undefined },
    undefined as never,
    true,
  );

describe('the style cache', () => {
  it('prefixes user-select for Safari', () => {
    expect(written('user-select:none;')).toBe('.css-x{-webkit-user-select:none;user-select:none;}');
  });

  it('writes every other declaration as it is', () => {
    expect(written('display:flex;transition:opacity 1s;&:hover{appearance:none;}')).toBe(
      '.css-x{display:flex;transition:opacity 1s;}.css-x:hover{appearance:none;}',
    );
  });
});
