import { describe, expect, it } from 'vitest';
import { createStyleCache } from './style-cache';

/**
 * The CSS the cache writes for `.css-x{styles}` (on the server, as the first paint draws it), under a
 * name of its own as emotion's hash would give it.
 */
const written = (styles: string) =>
  createStyleCache().insert(
    '.css-x',
    { name: `x-${styles}`, styles, next: undefined },
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

  it("compiles a style once for all of the server's renders", () => {
    // A style's name is a hash of it: the second render's cache takes the first one's rules.
    const first = createStyleCache().insert(
      '.css-y',
      { name: 'y', styles: 'color:red;', next: undefined },
      undefined as never,
      true,
    );
    const second = createStyleCache().insert(
      '.css-y',
      { name: 'y', styles: 'color:blue;', next: undefined },
      undefined as never,
      true,
    );
    expect(first).toBe('.css-y{color:red;}');
    expect(second).toBe(first);
  });
});
