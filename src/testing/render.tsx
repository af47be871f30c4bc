import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { routes, startFirstReadsIn } from '@/app/router';
import { renderStyleCache } from './style-cache';

/**
 * Renders the whole app at `path` with a fresh query client, as a signed-in operator would see it: the
 * app's own client (retry policy, audit refresh), except that a staged failure shows at once.
 */
export function renderRoute(path: string) {
  const client = createQueryClient({ retryTransient: false });
  startFirstReadsIn(client);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <CacheProvider value={renderStyleCache()}>
      <App router={router} client={client} />
    </CacheProvider>,
  );
  return { ...view, user, router, client };
}
