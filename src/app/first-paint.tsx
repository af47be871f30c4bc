import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import {
  dehydrate,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, Route, Routes, StaticRouter } from 'react-router';
import { sendRequestsThrough, type Transport } from '@/api/http';
import { sessionQueries } from '@/api/queries/session';
import type { Session } from '@/api/schemas/session';
import { NotifierProvider } from '@/components/notifier';
import { PageHeader } from '@/components/page-header';
import { headingOf } from '@/config/page-headings';
import { pageFor, shellPages } from '@/config/pages';
import { ShellFrame } from './layout/shell-frame';
import type { FirstReads } from './router';
import { standardTheme } from './theme';

/** The page drawn, and the answers of its first reads for the SPA to start from. */
export interface FirstPaint {
  /** Styles to go before `#root`. */
  styles: string;
  /** The markup for `#root`. */
  markup: string;
  /** The page's first reads, answered: the SPA's query cache starts with them (src/app/page-reads.ts). */
  reads?: DehydratedState;
  /** Drawn with the page's data (or in its place): the same path may draw differently next time. */
  fromData?: true;
}

/** How long the page's first reads may hold the rest of the HTML back; past it, the SPA reads them. */
export const readsBudgetMs = 250;

/**
 * Where the page's first reads go: the console server's own routes, as the operator whose page this
 * is (server/proxy/http/html-page.ts). Requests leave through it while this module is loaded, which
 * only the console server does.
 */
export function answerReadsWith(read: Transport): void {
  sendRequestsThrough(read);
}

export type PageModule = { default: ComponentType; firstReads?: FirstReads };

const pageModule = (page: string) => import(`./routes/${page}.tsx`) as Promise<PageModule>;

/**
 * Loads every page of the shell ahead, so the first operator to open one after the server starts
 * does not wait for its modules (nor its reads past their budget). Failures are the first draw's to
 * meet.
 */
export function loadPagesAhead(): Promise<unknown> {
  return Promise.allSettled(shellPages.map(({ page }) => pageModule(page)));
}

/**
 * The signed-in page as HTML, for the console server to send inside `#root`, and its styles to go
 * before it: the app bar, the navigation for the operator's role with the page's link current, and
 * the page's heading when the path alone tells it. A page whose module names its first reads
 * (`firstReads`, the same its route's loader starts in the SPA) is drawn whole once they are
 * answered, within `readsBudgetMs`, and the answers go with it. Drawn by the same components as the
 * SPA's, so the browser paints it before any script has run; the SPA replaces it with the same boxes
 * once the page is ready. Until then it is inert: shown, but not clickable, focusable or read out.
 */
export async function renderFirstPaint(
  pathname: string,
  search: string,
  session: Session,
  {
    onError = () => undefined,
    pages = pageModule,
  }: {
    /** Told why a page had to be drawn without its content. */
    onError?: (error: unknown) => void;
    /** The module of each page: the route modules. */
    pages?: (page: string) => Promise<PageModule>;
  } = {},
): Promise<FirstPaint | undefined> {
  const page = pageFor(pathname);
  const match = shellPages.find((p) => p.page === page);
  if (!match) return undefined;
  const params =
    matchPath({ path: match.path, caseSensitive: true, end: true }, pathname)?.params ?? {};
  const heading = headingOf(page, { params, username: session.username, role: session.role });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueries.current().queryKey, session);
  const location = pathname + search;
  const draw = (content: ReactNode): FirstPaint => {
    const frame = frameOf(session, match.path, location, client);
    const inside = splitStyles(renderToString(inShell(client, location, content)), frame.keys);
    return {
      styles: frame.styles + inside.styles,
      markup: frame.before + inside.markup + frame.after,
    };
  };
  const headingOnly = heading ? <PageHeader {...heading} /> : null;

  const { default: Page, firstReads } = await pages(page);
  if (!firstReads) return draw(headingOnly);
  // Asked for as in the SPA's loader, answered by the console server itself (answerReadsWith).
  firstReads(client, { params, search: new URLSearchParams(search) });
  const answered = await readsAnswered(client, readsBudgetMs);
  const isSession = (key: readonly unknown[]) => key[0] === sessionQueries.all()[0];
  try {
    const asked = client.getQueryCache().findAll({ predicate: (q) => !isSession(q.queryKey) });
    // Only a page whose reads all came back is drawn whole: a failure is the SPA's to show, with its retry.
    if (!answered || asked.some((query) => query.state.status !== 'success')) {
      return { ...draw(headingOnly), fromData: true };
    }
    let drawn: FirstPaint;
    try {
      drawn = draw(
        <Routes>
          <Route path={match.path} element={<Page />} />
        </Routes>,
      );
    } catch (error) {
      // A page that cannot be drawn here (a browser-only API in its render) still gets its shell.
      onError(error);
      return { ...draw(headingOnly), fromData: true };
    }
    const reads = dehydrate(client, { shouldDehydrateQuery: (q) => !isSession(q.queryKey) });
    return { ...drawn, reads, fromData: true };
  } finally {
    client.clear();
  }
}

/**
 * What the SPA's components need around them (src/app/provider.tsx), at `location`. Styles are written
 * without vendor prefixes: the browsers the console supports need none, and they are a third of the
 * bytes the browser parses before its first paint. A style cache per render: each writes all it uses.
 */
const inShell = (client: QueryClient, location: string, children: ReactNode) => (
  <CacheProvider value={createCache({ key: 'css', stylisPlugins: [] })}>
    <ThemeProvider theme={standardTheme()} defaultMode="system" disableTransitionOnChange>
      <QueryClientProvider client={client}>
        <NotifierProvider>
          <StaticRouter location={location}>{children}</StaticRouter>
        </NotifierProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </CacheProvider>
);

/** The signed-in shell drawn around a page: its styles, and its markup before and after the page. */
interface Frame {
  styles: string;
  /** The emotion keys of its styles: the page's render leaves out what the shell's has. */
  keys: ReadonlySet<string>;
  before: string;
  after: string;
}

const pageSlot = '<div data-page-slot=""></div>';
const frames = new Map<string, Frame>();

/**
 * The shell (app bar, navigation, `main`) for an operator, drawn once for all the paths of a route:
 * the navigation's current link is a section's, the same for every path of one route (no link of the
 * navigation names a path's parameters). A hundred are kept.
 */
function frameOf(session: Session, pattern: string, location: string, client: QueryClient): Frame {
  const key = `${session.role}\n${session.username}\n${pattern}`;
  const kept = frames.get(key);
  if (kept) return kept;
  const { styles, markup, keys } = splitStyles(
    renderToString(
      inShell(
        client,
        location,
        <>
          <CssBaseline enableColorScheme />
          {/* Inert: nothing here answers a click or a key, and assistive technology waits for the page. */}
          <Box inert sx={{ display: 'flex', minHeight: '100vh' }}>
            <ShellFrame>
              <div data-page-slot="" />
            </ShellFrame>
          </Box>
        </>,
      ),
    ),
  );
  const at = markup.indexOf(pageSlot);
  if (at < 0) throw new Error('the shell lost its page slot');
  const frame = {
    styles,
    keys: new Set(keys),
    before: markup.slice(0, at),
    after: markup.slice(at + pageSlot.length),
  };
  if (frames.size >= 100) frames.delete(frames.keys().next().value ?? '');
  frames.set(key, frame);
  return frame;
}

/** Whether every read the client was asked for has settled within `ms`. */
function readsAnswered(client: QueryClient, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), ms);
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done(true);
    });
    function done(answered: boolean) {
      clearTimeout(timer);
      unsubscribe();
      resolve(answered);
    }
    if (client.isFetching() === 0) done(true);
  });
}

const styleTag = /<style data-emotion="([^"]*)">([^<]*)<\/style>/g;

/**
 * Emotion writes each style beside the first element that uses it. They go before `#root` instead,
 * the global ones (the theme's variables, the baseline) first: the SPA's first render replaces what
 * is inside `#root`, and its style cache adopts these as they are (marked `data-s`, so it leaves them
 * where they are instead of moving each into the head, which restyles the whole page).
 */
function splitStyles(
  html: string,
  skip: ReadonlySet<string> = new Set(),
): { styles: string; markup: string; keys: string[] } {
  const globals: string[] = [];
  const rules: string[] = [];
  const keys: string[] = [];
  const markup = html.replace(styleTag, (_tag, key: string, css: string) => {
    // Emotion's key is a hash of the rules: one already sent is the same rules.
    if (skip.has(key)) return '';
    keys.push(key);
    const dark = systemDark(css);
    const tag = `<style data-emotion="${key}" data-s="">${css}</style>`;
    // After the rules it overrides, as emotion writes the `.dark` rules after the others.
    (key.startsWith('css-global ') ? globals : rules).push(
      dark ? `${tag}<style>${dark}</style>` : tag,
    );
    return '';
  });
  return { styles: [...globals, ...rules].join(''), markup, keys };
}

/**
 * The rules of the dark scheme (selectors with `.dark`, the class the SPA puts on `<html>`) again for
 * a browser whose system prefers dark, so the first paint comes in the scheme the SPA will show when
 * the operator has not picked one. A pick of their own is on `<html>` already (server/proxy/http/html-page.ts).
 */
function systemDark(css: string): string {
  const rules = [...css.matchAll(/(?:^|\})([^{}@]*\.dark\b[^{}]*)\{([^{}]*)\}/g)].map(
    ([, selector = '', body = '']) =>
      `${selector.replaceAll('.dark', ':root:not(.light)')}{${body}}`,
  );
  return rules.length === 0 ? '' : `@media (prefers-color-scheme: dark){${rules.join('')}}`;
}
