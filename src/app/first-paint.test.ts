import { describe, expect, it } from 'vitest';
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
