import { dehydrate, QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installTestBackend } from '@/testing/test-backend';
import { messageQueries } from '@/api/queries/messages';
import { reactionQueries } from '@/api/queries/reactions';
import { readsBlockId } from '@/config/page-blocks';
import { startFromPageReads } from './page-reads';
import { createQueryClient } from './query-client';
import { routes, startFirstReadsIn } from './router';

/** Routes a path without rendering anything: what the page's route alone asks the service for. */
async function routeOnly(path: string, start: (client: QueryClient) => void = () => undefined) {
  const backend = installTestBackend({ role: 'admin' });
  const client = createQueryClient({ retryTransient: false });
  start(client);
  startFirstReadsIn(client);
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

  it('leave from the route of the users directory, for the page its URL asks and the role choices', async () => {
    const backend = await routeOnly('/users?role=moderator&page=2');
    await waitFor(() =>
      expect(reads(backend)).toEqual(expect.arrayContaining(['/users', '/roles'])),
    );
    const users = backend.requests.find((r) => r.path.startsWith('/users?'));
    expect(new URLSearchParams(users?.path.split('?')[1]).get('page')).toBe('2');
  });

  it('are not asked for an id the service cannot have', async () => {
    const backend = await routeOnly('/messages/not-a-number');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(backend)).toEqual([]);
  });

  describe('with the answers the console server sent in the HTML', () => {
    /** A page whose HTML carries `block` as its reads' answers. */
    const withBlock = (block: string) => (client: QueryClient) => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = readsBlockId;
      script.textContent = block;
      document.body.append(script);
      startFromPageReads(client);
      script.remove();
    };
    const answered = () => {
      const server = new QueryClient();
      server.setQueryData(messageQueries.detail('1').queryKey, { id: '1' } as never);
      server.setQueryData(reactionQueries.list('1', undefined).queryKey, {
        pages: [],
        pageParams: [],
      });
      return JSON.stringify(dehydrate(server));
    };

    it('start from them: the message and its reactions are not asked for again', async () => {
      const backend = await routeOnly('/messages/1', withBlock(answered()));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reads(backend)).toEqual([]);
    });

    it('ask as usual when the block does not parse', async () => {
      const backend = await routeOnly('/messages/1', withBlock('{"queries": [tr'));
      await waitFor(() =>
        expect(reads(backend)).toEqual(
          expect.arrayContaining(['/messages/1', '/messages/1/reactions']),
        ),
      );
    });
  });
});
