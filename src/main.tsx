import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { startSession } from './app/start-session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const client = createQueryClient();
startSession(client);

createRoot(root).render(
  <StrictMode>
    <App router={createBrowserRouter(routes)} client={client} />
  </StrictMode>,
);
