import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { startFromPageReads } from './app/page-reads';
import { createQueryClient } from './app/query-client';
import { routes, startFirstReadsIn } from './app/router';
import { startSession } from './app/start-session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const client = createQueryClient();

/**
 * The session and the answers the HTML carries, in a task of their own right after the entry's
 * evaluation, which is long enough already (the libraries' set-up).
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
  const router = createBrowserRouter(routes);
  const render = () =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App router={router} client={client} />
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
setTimeout(begin, 0);
setTimeout(start, 0);
