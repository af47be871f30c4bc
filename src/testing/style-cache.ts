import createCache, { type EmotionCache } from '@emotion/cache';

let fileCache: EmotionCache | undefined;

/**
 * The style cache of the test file's renders, removed with its `<style>` tags after the file
 * (`removeRenderedStyles`). Files share one document (the dom project does not isolate them) and jsdom
 * computes an element's style over every rule in the document, so with one cache for all files every
 * role query would grow slower with each page rendered before. Within a file the rules stay: inserting
 * them again for each test costs more than it saves (each insertion also drops jsdom's computed
 * styles). `speedy` inserts rules into the sheet as browsers in production do, instead of adding one
 * `<style>` element per rule, which would wake every waiting `find*` query.
 */
export function renderStyleCache(): EmotionCache {
  fileCache ??= createCache({ key: 'css', speedy: true });
  return fileCache;
}

export function removeRenderedStyles(): void {
  fileCache?.sheet.flush();
  fileCache = undefined;
}
