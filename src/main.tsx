import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { startFromPageReads } from './app/page-reads';
import { createQueryClient } from './app/query-client';
import { routes, startFirstReadsIn } from './app/router';
import { startSession } from './app/start-session';
import { createStyleCache } from './app/style-cache';

const client = createQueryClient();

/**
 * The session and the answers the HTML carries, in a task of their own after the entry's evaluation,
 * which is long enough already (the libraries' set-up).
 */
const begin = () => {
  startSession(client);
  startFromPageReads(client);
  startFirstReadsIn(client);
};

/**
 * The router and the first render, in tasks of their own after the entry's evaluation, and the
 * render in slices (a transition): the page stays responsive while the SPA starts. When the console
 * server drew the shell and the page (src/app/first-paint.tsx), it stays until the page's modules are
 * in, so the first render replaces it with the whole page at once (with the data the server read for
 * it), not a loading state.
 */
const start = () => {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const router = createBrowserRouter(routes);
  // Made now, not when emotion is imported: it takes over the styles the server drew the page with,
  // which are only in the document once it is parsed (the first render then writes none of them again).
  const styles = createStyleCache();
  const render = () =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App router={router} client={client} styles={styles} />
        </StrictMode>,
      ),
    );
  if (!root.hasChildNodes() || router.state.initialized) render();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render();
    });
  }
};
/**
 * The entry is an `async` module script (index.html): it is evaluated as soon as it arrives, most
 * often while the console server is still drawing the page, instead of after the document is in,
 * where its evaluation held the first paint back. What needs the document (#root, the session and
 * reads blocks after it) waits until it is parsed.
 */
const afterParse = () => {
  setTimeout(begin, 0);
  setTimeout(start, 0);
};
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', afterParse, { once: true });
else afterParse();
