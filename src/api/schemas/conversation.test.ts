import { describe, expect, it } from 'vitest';
import { markDeliveredBodySchema, markDeliveredResponseSchema } from './conversation';

describe('conversation delivered', () => {
  it("reads the documented capital M and the group variant's lower-case message alike", () => {
    const body = {
      data: {
        success: true,
        Message: 'All the messages from the user are marked as delivered for the requesting user.',
      },
    };
    expect(markDeliveredResponseSchema.parse(body).data).toEqual({
      success: true,
      message: body.data.Message,
    });
    expect(
      markDeliveredResponseSchema.parse({ data: { success: true, message: 'x' } }).data.message,
    ).toBe('x');
    expect(markDeliveredResponseSchema.safeParse({ data: { success: 'yes' } }).success).toBe(false);
  });

  it('takes an optional integer messageId and nothing else', () => {
    expect(markDeliveredBodySchema.parse({})).toEqual({});
    expect(markDeliveredBodySchema.parse({ messageId: 42 })).toEqual({ messageId: 42 });
    for (const bad of [
      { messageId: '42' },
      { messageId: 1.5 },
      { messageId: 0 },
      { messageId: 1, other: 2 },
    ]) {
      expect(markDeliveredBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
