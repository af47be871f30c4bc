import { describe, expect, it, vi } from 'vitest';
import { roleQueries } from '@/api/queries/roles';
import type { getRole } from '@/api/roles';
import { renderFirstPaint, type PageModule } from './first-paint';

const session = { username: 'ann', role: 'support' } as const;

describe("the console server's first paint", () => {
  it('draws the shell and the heading when a page cannot be drawn on the server, and says why', async () => {
    const errors: unknown[] = [];
    const failing: PageModule = {
      default: () => {
        throw new Error('document is not defined');
      },
      firstReads: () => undefined,
    };
    const paint = await renderFirstPaint('/messages/1', '', session, {
      onError: (error) => errors.push(error),
      pages: () => Promise.resolve(failing),
    });
    expect(paint?.markup).toMatch(/<h1[^>]*>Message 1<\/h1>/);
    expect(paint?.markup).toContain('ann · support');
    expect(paint?.reads).toBeUndefined();
    expect(errors).toEqual([new Error('document is not defined')]);
  });
});

describe('a page whose answers come after its heading', () => {
  it('is drawn with its heading at once, and its answered reads follow when they are in', async () => {
    type Role = Awaited<ReturnType<typeof getRole>>;
    let answer: (role: Role) => void = () => undefined;
    const later: PageModule = {
      default: () => {
        throw new Error('the page itself is not drawn on the server');
      },
      firstReads: (client) => {
        void client.prefetchQuery({
          queryKey: roleQueries.detail('moderator').queryKey,
          queryFn: () => new Promise<Role>((resolve) => (answer = resolve)),
        });
        void client.prefetchQuery({
          queryKey: roleQueries.options().queryKey,
          queryFn: () => Promise.reject(new Error('refused')),
        });
      },
      answersAfterHeading: true,
    };
    const headings: string[] = [];
    const drawing = renderFirstPaint('/users', '', session, {
      pages: () => Promise.resolve(later),
      onHeading: ({ markup }) => headings.push(markup),
    });
    await vi.waitFor(() => expect(headings).toHaveLength(1));
    expect(headings[0]).toMatch(/<h1[^>]*>Users<\/h1>/);
    const role = { role: 'moderator' } as Role;
    answer(role);
    const paint = await drawing;
    expect(paint?.markup).toBe(headings[0]);
    // Only what was answered goes: the SPA asks for the refused read itself.
    expect(paint?.reads?.queries.map((query) => [query.queryKey, query.state.data])).toEqual([
      [roleQueries.detail('moderator').queryKey, role],
    ]);
  });
});
