import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/**
 * What the component tests need of the app's styles: whether an element is shown, seen and can be
 * pointed at (`toBeVisible`, role queries' hidden check, user-event's `pointer-events` check). Layout,
 * colour and type are checked in a real browser by the e2e journeys.
 */
const decidingProperties = new Set(['display', 'visibility', 'opacity', 'pointer-events']);

/**
 * Keeps only those declarations, and drops a rule left empty. jsdom computes an element's style by
 * matching every rule of the document and setting each declaration of those that match, for every
 * role query's name and hidden checks: with MUI's full rules that was a fifth of the dom project's
 * time (decision 0020).
 */
const keepDecidingDeclarations: StylisPlugin = (element) => {
  if (element.type !== 'rule' || typeof element.children === 'string') return;
  element.children = element.children.filter(
    (child) => child.type !== 'decl' || decidingProperties.has(child.props as string),
  );
  // Emotion still inserts `selector{}` for a rule that serializes empty unless it has no selector.
  if (element.children.length === 0) element.props = [];
};

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
  fileCache ??= createCache({
    key: 'css',
    speedy: true,
    stylisPlugins: [keepDecidingDeclarations],
  });
  return fileCache;
}

export function removeRenderedStyles(): void {
  fileCache?.sheet.flush();
  fileCache = undefined;
}
