import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageFor, signInPage } from '../../../src/config/pages';
import type { AppContext } from '../context';
import { createPagePreloads } from './page-preloads';

/** The SPA's Content-Security-Policy: nothing but its own origin, no framing, no plugins. */
export const spaCsp =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** What the HTML says about who is signed in: the operator, `null` for nobody, `undefined` for "ask". */
export type EmbeddedSession =
  { username: string; role: string; mustChangePassword?: boolean } | null | undefined;

/** JSON that cannot end its `<script>` element or start markup inside it. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const sessionPreload = '<link rel="preload" href="/auth/me" as="fetch" crossorigin>';

/**
 * The head of a page's HTML: the session as a JSON data block (never run, so the policy needs no
 * nonce or hash for it; it holds only the operator's name and role), or, when the store could not
 * say, a preload of the session request so it starts with the HTML; then the page's chunks.
 */
export function headFor(preloads: (pathname: string) => string) {
  return (pathname: string, session: EmbeddedSession) => {
    const known =
      session === undefined
        ? pageFor(pathname) === signInPage.page
          ? ''
          : sessionPreload
        : `<script type="application/json" id="console-session">${scriptSafeJson(session)}</script>`;
    return `${known}${preloads(pathname)}`;
  };
}

/**
 * Answers a client route with `index.html` and what its first paint needs in the head. The answer
 * names the operator, so only the browser keeps it (`private`), revalidated on every load, and
 * varies with the session cookie.
 */
export function createHtmlPage(
  root: string,
  sessionFor: (c: AppContext) => Promise<EmbeddedSession>,
) {
  const head = headFor(createPagePreloads(root));
  return async (c: AppContext): Promise<Response | undefined> => {
    const index = await readFile(join(root, 'index.html'), 'utf8').catch(() => undefined);
    if (index === undefined) return undefined;
    const session = await sessionFor(c).catch(() => undefined);
    c.header('cache-control', 'private, no-cache');
    c.header('vary', 'Cookie');
    c.header('content-security-policy', spaCsp);
    const html = index.replace('</head>', `${head(c.req.path, session)}</head>`);
    return c.body(html, 200, { 'content-type': 'text/html; charset=utf-8' });
  };
}
