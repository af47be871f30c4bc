import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { routes } from '@/app/router';

/** Renders the whole app at `path` with a fresh QueryClient (no retries), as a signed-in operator would see it. */
export function renderRoute(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App router={router} client={client} />);
  return { ...view, user, router, client };
}
