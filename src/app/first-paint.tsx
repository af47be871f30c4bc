import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { sendRequestsThrough, type Transport } from '@/api/http';
import { sessionQueries } from '@/api/queries/session';
import type { Session } from '@/api/schemas/session';
import { PageHeader } from '@/components/page-header';
import { headingOf } from '@/config/page-headings';
import { pageFor, shellPages } from '@/config/pages';
import { drawInShell, type Drawn } from './first-paint-frame';
import type { FirstReads } from './router';

/** The page drawn, and the answers of its first reads for the SPA to start from. */
export interface FirstPaint extends Drawn {
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

export type PageModule = {
  default: ComponentType;
  firstReads?: FirstReads;
  /**
   * Set by a page whose first paint is its heading even when its data is read with the HTML: drawn
   * whole, it painted later than a bare shell does (decision 0062). The answers still go with the
   * HTML, after the heading, and the SPA starts from them.
   */
  answersAfterHeading?: true;
};

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
    onHeading,
  }: {
    /** Told why a page had to be drawn without its content. */
    onError?: (error: unknown) => void;
    /** The module of each page: the route modules. */
    pages?: (page: string) => Promise<PageModule>;
    /**
     * Given the drawn heading of an `answersAfterHeading` page as soon as it is drawn, before its
     * reads are answered: the caller may send it while they are.
     */
    onHeading?: (drawn: Drawn) => void;
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
  const draw = (content: ReactNode): FirstPaint =>
    drawInShell(session, match.path, location, client, content);
  const headingOnly = heading ? <PageHeader {...heading} /> : null;

  const { default: Page, firstReads, answersAfterHeading } = await pages(page);
  if (!firstReads) return draw(headingOnly);
  // Asked for as in the SPA's loader, answered by the console server itself (answerReadsWith).
  firstReads(client, { params, search: new URLSearchParams(search) });
  const isSession = (key: readonly unknown[]) => key[0] === sessionQueries.all()[0];
  if (answersAfterHeading) {
    const heading = draw(headingOnly);
    onHeading?.(heading);
    await readsAnswered(client, readsBudgetMs);
    // The reads answered by then; the SPA asks for the others itself.
    const reads = dehydrate(client, {
      shouldDehydrateQuery: (q) => !isSession(q.queryKey) && q.state.status === 'success',
    });
    client.clear();
    return { ...heading, fromData: true, ...(reads.queries.length > 0 ? { reads } : {}) };
  }
  const answered = await readsAnswered(client, readsBudgetMs);
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
