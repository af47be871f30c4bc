import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installTestBackend } from '@/testing/test-backend';
import { createQueryClient } from './query-client';
import { routes, startFirstReadsIn } from './router';

/** Routes a path without rendering anything: what the page's route alone asks the service for. */
async function routeOnly(path: string) {
  const backend = installTestBackend({ role: 'admin' });
  startFirstReadsIn(createQueryClient({ retryTransient: false }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return backend;
}

const reads = (backend: ReturnType<typeof installTestBackend>) =>
  backend.requests.filter((r) => r.method === 'GET').map((r) => r.path.split('?', 1)[0]);

describe("a page's first reads", () => {
  it('leave from the route of the role editor, before the page renders', async () => {
    const backend = await routeOnly('/roles/moderator');
    await waitFor(() =>
      expect(reads(backend)).toEqual(
        expect.arrayContaining(['/roles/moderator', '/roles/moderator/permissions', '/roles']),
      ),
    );
  });

  it('leave from the route of a message, for the message and its reactions', async () => {
    const backend = await routeOnly('/messages/1');
    await waitFor(() =>
      expect(reads(backend)).toEqual(
        expect.arrayContaining(['/messages/1', '/messages/1/reactions']),
      ),
    );
  });

  it('are not asked for an id the service cannot have', async () => {
    const backend = await routeOnly('/messages/not-a-number');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(backend)).toEqual([]);
  });
});
