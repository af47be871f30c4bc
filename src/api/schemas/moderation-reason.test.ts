import { describe, expect, it } from 'vitest';
import {
  createReasonBodySchema,
  reasonListResponseSchema,
  reasonResponseSchema,
  updateReasonBodySchema,
} from './moderation-reason';

describe('moderation reason schemas', () => {
  it('parses the live list example where timestamps are strings, exposing numbers', () => {
    const body = {
      data: [
        {
          id: 'unfiltered-content',
          name: 'RawContent',
          description: 'Content delivered without moderation or filtering.',
          createdAt: '1760449410',
          updatedAt: '1760449410',
        },
        {
          id: 'spam',
          name: 'Spam / Unwanted Content',
          description: 'Repeated, promotional, or irrelevant content',
          createdAt: '1760443648',
          updatedAt: '1760443648',
          default: true,
        },
      ],
      meta: { current: { limit: 10, count: 2 } },
    };
    const parsed = reasonListResponseSchema.parse(body);
    expect(parsed.data[1]).toMatchObject({ createdAt: 1760443648, default: true });
  });

  it('parses the update example where timestamps are integers', () => {
    const body = {
      data: {
        id: 'spam',
        name: 'Spam / Unwanted Content',
        description: 'x',
        createdAt: 1760443648,
        updatedAt: 1760443648,
        default: true,
      },
    };
    expect(reasonResponseSchema.parse(body).data.updatedAt).toBe(1760443648);
  });

  it('validates create and update bodies strictly', () => {
    expect(
      createReasonBodySchema.safeParse({ id: 'unfiltered-content', name: 'RawContent' }).success,
    ).toBe(true);
    expect(createReasonBodySchema.safeParse({ id: 'bad id', name: 'x' }).success).toBe(false);
    expect(updateReasonBodySchema.safeParse({ name: '' }).success).toBe(false);
    expect(updateReasonBodySchema.safeParse({ name: 'x', id: 'y' }).success).toBe(false);
  });
});
