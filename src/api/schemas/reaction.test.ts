import { describe, expect, it } from 'vitest';
import { listReactionsQuerySchema, reactionListResponseSchema, reactionSchema } from './reaction';

describe('reaction schemas', () => {
  it('parses the list-all-reactions example', () => {
    const body = {
      data: [
        {
          id: '1',
          messageId: '2',
          reaction: ':reaction',
          uid: 'cometchat-uid-1',
          reactedAt: 1700210335,
          reactedBy: {
            uid: 'cometchat-uid-1',
            name: 'Andrew Joseph',
            status: 'offline',
            role: 'default',
            createdAt: 1698934972,
          },
        },
        {
          id: '5',
          messageId: '2',
          reaction: '😒',
          uid: 'cometchat-uid-2',
          reactedAt: 1700230866,
          reactedBy: {
            uid: 'cometchat-uid-2',
            name: 'George',
            avatar: 'https://x.test/a.png',
            lastActiveAt: 1700230000,
            conversationId: 'cometchat-uid-1_user_cometchat-uid-2',
          },
        },
      ],
      meta: { current: { limit: 100, count: 2 }, next: { affix: 'append', id: '5' } },
    };
    const parsed = reactionListResponseSchema.parse(body);
    expect(parsed.data[1]?.reactedBy.lastActiveAt).toBe(1700230000);
    expect(parsed.meta.next).toEqual({ affix: 'append', id: '5' });
  });

  it('accepts multi-codepoint emoji and tokens, rejects blanks and control characters', () => {
    for (const ok of ['👍🏽', '👨‍👩‍👧', '🇫🇷', ':party:', '😀', '%41'])
      expect(reactionSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', ' ', 'a b', '\u0000', 'x'.repeat(101)])
      expect(reactionSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('bounds the page size at 100', () => {
    expect(listReactionsQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(listReactionsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
