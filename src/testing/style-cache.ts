import createCache, { type EmotionCache } from '@emotion/cache';

const live = new Set<EmotionCache>();

/**
 * A style cache for one render, as each page load has its own: its `<style>` tags go with it
 * (`removeRenderedStyles`, after each test). Files share one document (the dom project does not
 * isolate them) and jsdom computes an element's style over every sheet in the document, so with the
 * one shared cache every role query grew slower with each page rendered before it.
 */
export function createRenderStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css', speedy: true });
  live.add(cache);
  return cache;
}

export function removeRenderedStyles(): void {
  for (const cache of live) cache.sheet.flush();
  live.clear();
}
