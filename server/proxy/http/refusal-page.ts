import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ConsoleErrorCode } from './errors';

/** The words of a refusal page: fixed text only, nothing taken from the request. */
export interface RefusalWords {
  title: string;
  words: string;
  link: { href: string; label: string };
}

const home = { href: '/', label: 'Go to the console’s home' };

/** A page per refusal a browser may meet when it opens an address; anything else gets the last. */
const pages: Partial<Record<ConsoleErrorCode, RefusalWords>> = {
  CONSOLE_BAD_REQUEST: {
    title: 'This address cannot be opened',
    words:
      'The console does not open addresses with encoded slashes, dot segments or unusual characters, so no page and no data was looked up. Check the link you followed, or start again from the home page.',
    link: home,
  },
  CONSOLE_NOT_FOUND: {
    title: 'Page not found',
    words: 'There is nothing at this address. It may have moved, or the link is wrong.',
    link: home,
  },
  CONSOLE_MISDIRECTED_REQUEST: {
    title: 'This console is not served at this address',
    words:
      'The console answers only under the address it printed when it started (or the one its admin configured). Open the console there.',
    link: home,
  },
  CONSOLE_METHOD_NOT_ALLOWED: {
    title: 'This address cannot be opened this way',
    words: 'The console does not answer this kind of request here.',
    link: home,
  },
  CONSOLE_SHUTTING_DOWN: {
    title: 'The console server is restarting',
    words: 'It will answer again in a moment. Try again shortly.',
    link: home,
  },
};

const fallback: RefusalWords = {
  title: 'The console server refused this address',
  words: 'Nothing was looked up or changed. Start again from the home page.',
  link: home,
};

/** A spent, expired or malformed one-time sign-in link. */
export const signInLinkWords: RefusalWords = {
  title: 'This sign-in link cannot be used',
  words:
    'A one-time sign-in link works once, within 15 minutes of being made. This one was already used, has expired, or is incomplete, so you are not signed in. If you have already chosen a password, sign in with it; otherwise ask an admin of this console to set a password for you.',
  link: { href: '/sign-in', label: 'Go to sign-in' },
};

/** No scripts, no outside resources, no form: the page can only be read. */
export const refusalPageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Whether the request is a browser opening an address (a navigation), which gets a page, rather
 * than a call of the SPA or a script, which gets the JSON envelope. The API's own paths always
 * get the envelope.
 */
export function isPageNavigation(c: Context): boolean {
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (/^\/(api|console)(\/|$)/.test(c.req.path)) return false;
  const mode = c.req.header('sec-fetch-mode');
  if (mode !== undefined) return mode === 'navigate';
  return (c.req.header('accept') ?? '').includes('text/html');
}

const style = `
:root { color-scheme: light dark; --fg: #1c2024; --muted: #5b6169; --bg: #f5f6f8; --card: #fff; --line: #dde1e6; --accent: #1565c0; }
@media (prefers-color-scheme: dark) { :root { --fg: #eceef1; --muted: #a9b0b8; --bg: #121417; --card: #1b1e22; --line: #30353b; --accent: #90caf9; } }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 30rem; margin: 1rem; padding: 2rem; background: var(--card); border: 1px solid var(--line); border-radius: 8px; }
h1 { font-size: 1.5rem; line-height: 1.3; margin: 0 0 .75rem; }
p { margin: 0 0 1.5rem; color: var(--muted); }
a { display: inline-block; padding: .5rem 1rem; border-radius: 4px; background: var(--accent); color: var(--card); text-decoration: none; font-weight: 500; }
a:focus-visible { outline: 3px solid var(--fg); outline-offset: 2px; }
`;

/** The page's text is this module's own, so nothing needs escaping; `&` and `<` never occur in it. */
function html(words: RefusalWords): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${words.title} · Chat Admin Console</title><style>${style}</style></head>
<body><main><h1>${words.title}</h1><p>${words.words}</p><a href="${words.link.href}">${words.link.label}</a></main></body></html>`;
}

/** A designed page for a refusal, with its status; `words` defaults to the page of `code`. */
export function refusalPage(
  c: Context,
  status: ContentfulStatusCode,
  code: ConsoleErrorCode,
  words: RefusalWords = pages[code] ?? fallback,
): Response {
  c.header('content-security-policy', refusalPageCsp);
  c.header('cache-control', 'no-store');
  return c.body(html(words), status, { 'content-type': 'text/html; charset=utf-8' });
}
