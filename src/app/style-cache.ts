import createCache, { type StylisPlugin } from '@emotion/cache';

/**
 * Safari still wants `user-select` prefixed: the one prefix the console's styles need. Emotion's
 * default plugin prefixes every rule for browsers long gone, which more than doubled the CSS the
 * first render inserts.
 */
export const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select' && !element.return)
    element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * One list for every cache: on the server emotion keeps the rules it compiled per list of plugins
 * (by identity), so every render after the first reuses them instead of compiling them again.
 */
const plugins = [webkitUserSelect];

/**
 * The style cache of a render, the SPA's and the console server's first paint alike, so both write
 * the same rules under the same names (the SPA takes the server's over by those names).
 */
export const createStyleCache = () => createCache({ key: 'css', stylisPlugins: plugins });
