import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getCookie } from 'hono/cookie';
import { readsBlockId } from '../../../src/config/page-blocks';
import { schemeCookie } from '../../../src/config/scheme-cookie';
import type { AppContext } from '../context';
import { createDrawingStorage } from './drawing-storage';
import { compressor } from './html-compression';

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

/** The session as a JSON data block: never run, so the policy needs no nonce or hash for it. */
const sessionBlock = (session: EmbeddedSession) =>
  session === undefined
    ? ''
    : `<script type="application/json" id="console-session">${scriptSafeJson(session)}</script>`;

/** The answers of the page's first reads, for the SPA's query cache (src/app/page-reads.ts). */
const readsBlock = (reads: unknown) =>
  `<script type="application/json" id="${readsBlockId}">${scriptSafeJson(reads)}</script>`;

const rootOpen = '<div id="root">';

/** Where a first paint that could not be drawn is told (the server's logger). */
type Warn = (details: { err: unknown }, message: string) => void;

interface FirstPaint {
  styles: string;
  markup: string;
  reads?: unknown;
  fromData?: true;
}
/** Styles and markup drawn for `#root`. */
type Drawn = Pick<FirstPaint, 'styles' | 'markup'>;
type DrawFirstPaint = (
  pathname: string,
  search: string,
  session: { username: string; role: string },
  options: { onError: (error: unknown) => void; onHeading?: (drawn: Drawn) => void },
) => Promise<FirstPaint | undefined>;

/** A request as `fetch` takes it; answered in process, as the operator whose page is drawn. */
export type PageRead = (url: string, init: RequestInit) => Promise<Response>;

let pagesAhead: Promise<unknown> = Promise.resolve();

/**
 * Settles once the page modules that the most recently made page drawer loads ahead are in (or
 * failed to load): a test file that made one waits for them before it ends.
 */
export const pagesLoadedAhead = async (): Promise<void> => {
  await pagesAhead;
};

/**
 * The SPA's pages drawn on the server (src/app/first-paint.tsx). Its modules (React, MUI: about half
 * a second) start loading at once, beside the server's start, not on the first page asked for. The
 * page's first reads go to `readFor(c)` of the request being answered. `onHeading` is given the
 * heading of a page whose answers come after it, as soon as it is drawn.
 */
function createFirstPaint(
  warn: Warn,
): (
  pathname: string,
  search: string,
  session: EmbeddedSession,
  read: PageRead | undefined,
  onHeading?: (drawn: Drawn) => void,
) => Promise<FirstPaint | undefined> {
  const asking = createDrawingStorage<PageRead | undefined>();
  const drawing = import('../../../src/app/first-paint');
  pagesAhead = drawing.then((m) => m.loadPagesAhead()).catch(() => undefined);
  const render: Promise<DrawFirstPaint> = drawing.then((m) => {
    // Outside a page being drawn, requests leave as they would without it.
    m.answerReadsWith((url, init) => {
      const read = asking.getStore();
      return read ? read(url, init) : fetch(url, init);
    });
    return m.renderFirstPaint as DrawFirstPaint;
  });
  // Pages then go without it: the SPA draws them from its own start, as before.
  render.catch((error: unknown) => warn({ err: error }, 'first paint unavailable'));
  // The same operator, role and path draw the same markup, unless drawn with data; a hundred are kept.
  const drawn = new Map<string, FirstPaint | undefined>();
  return async (pathname, search, session, read, onHeading) => {
    if (!session || session.mustChangePassword) return undefined;
    const key = `${session.role}\n${session.username}\n${pathname}${search}`;
    if (drawn.has(key)) return drawn.get(key);
    const draw = await render;
    const paint = await asking.run(read, () =>
      draw(pathname, search, session, {
        onError: (error) => warn({ err: error }, 'page drawn without its content'),
        onHeading,
      }),
    );
    if (paint?.fromData) return paint;
    if (drawn.size >= 100) drawn.delete(drawn.keys().next().value ?? '');
    drawn.set(key, paint);
    return paint;
  };
}

/** The scheme the operator picked in the SPA (src/app/scheme-storage.ts), for `<html class>`. */
function pickedScheme(c: AppContext): 'light' | 'dark' | undefined {
  const value = getCookie(c, schemeCookie);
  return value === 'light' || value === 'dark' ? value : undefined;
}

/**
 * Answers a client route with `index.html`, streamed. At once: everything up to `#root`, with the
 * entry script in the head (an `async` module: the browser fetches and runs it while the page is
 * drawn here) and the scheme the operator picked on `<html>`. Then, once the session is known: the
 * signed-in shell and the page's heading drawn in `#root`, or the whole page once its first reads
 * are answered (asked through `readFor(c)`, as the operator), their styles just before it (the first
 * paint, before any script runs; the SPA replaces what is in `#root`), the session block (the
 * operator's name and role, `null` for nobody, nothing when the store could not say, and the page
 * asks), the reads' answers and the end of the document. A page whose answers come after its heading
 * (`answersAfterHeading`) gets its heading and the session block at once, then its answers and the
 * end. The entry starts the SPA once the whole document is in (src/main.tsx). The answer names the
 * operator, so only the browser keeps it (`private`), revalidated on every load, and varies with
 * the session cookie.
 */
export function createHtmlPage(
  root: string,
  sessionFor: (c: AppContext) => Promise<EmbeddedSession>,
  warn: Warn = () => undefined,
  readFor?: (c: AppContext) => PageRead,
) {
  const firstPaint = createFirstPaint(warn);
  return async (c: AppContext): Promise<Response | undefined> => {
    const index = await readFile(join(root, 'index.html'), 'utf8').catch(() => undefined);
    if (index === undefined) return undefined;
    const session = sessionFor(c).catch(() => undefined);
    const scheme = pickedScheme(c);
    const withHead = index.replace(/<html([^>]*)>/, (tag, attributes: string) =>
      scheme && !attributes.includes('class=') ? `<html${attributes} class="${scheme}">` : tag,
    );
    // The document's parts around `#root` and the end of its body.
    const rootAt = withHead.indexOf(rootOpen);
    const bodyEnd = withHead.includes('</body>')
      ? withHead.lastIndexOf('</body>')
      : withHead.length;
    const start = withHead.slice(0, rootAt < 0 ? bodyEnd : rootAt);
    const middle = rootAt < 0 ? '' : withHead.slice(rootAt + rootOpen.length, bodyEnd);
    const last = withHead.slice(bodyEnd);
    const encoder = new TextEncoder();
    const compress = compressor(c);
    const encode = (text: string, last: boolean) =>
      compress ? compress(text, last) : Promise.resolve(encoder.encode(text));
    const pathname = c.req.path;
    const search = new URL(c.req.url).search;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(await encode(start, false));
        const known = await session;
        const drawnPart = (paint: Drawn | undefined) =>
          rootAt < 0 ? '' : `${paint?.styles ?? ''}${rootOpen}${paint?.markup ?? ''}`;
        // A page whose answers come after its heading: the heading goes at once.
        let headingSent: Promise<void> | undefined;
        const onHeading = (heading: Drawn) => {
          headingSent = encode(`${drawnPart(heading)}${middle}${sessionBlock(known)}`, false).then(
            (bytes) => controller.enqueue(bytes),
          );
        };
        const paint = await firstPaint(pathname, search, known, readFor?.(c), onHeading).catch(
          (error: unknown) => {
            warn({ err: error }, 'first paint failed');
            return undefined;
          },
        );
        const reads = paint?.reads ? readsBlock(paint.reads) : '';
        // No preloads of the page's chunks: on two cores their compiling held the first paint back
        // (decision 0062). The SPA asks for them once the document is parsed.
        if (headingSent) {
          await headingSent;
          controller.enqueue(await encode(`${reads}${last}`, true));
        } else {
          const blocks = sessionBlock(known) + reads;
          controller.enqueue(await encode(`${drawnPart(paint)}${middle}${blocks}${last}`, true));
        }
        controller.close();
      },
    });
    c.header('cache-control', 'private, no-cache');
    c.header('vary', 'Cookie, Accept-Encoding');
    c.header('content-security-policy', spaCsp);
    return c.body(body, 200, { 'content-type': 'text/html; charset=utf-8' });
  };
}
