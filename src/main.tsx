import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { sessionQueries } from './api/queries/session';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const client = createQueryClient();
// Ask who is signed in while the route's chunks download, not after them.
void client.prefetchQuery(sessionQueries.current());

createRoot(root).render(
  <StrictMode>
    <App router={createBrowserRouter(routes)} client={client} />
  </StrictMode>,
);
