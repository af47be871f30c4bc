import { describe, expect, it } from 'vitest';
import {
  blockedMessageListResponseSchema,
  reviewBlockedMessageBodySchema,
  reviewBlockedMessageResponseSchema,
} from './blocked-message';

const item = {
  ruleId: 'image-moderation',
  ruleName: 'AI Image Moderation',
  revisionId: '253156be20433c97_image-moderation_4',
  condition: {
    id: 1,
    isKeywordsReferencePresent: false,
    isMediaPresent: true,
    entity: 'message',
    operand: 'image',
    category: 'word',
    operator: 'contains',
    value: ['Any unsafe content_greaterThan_70'],
    message: ['Image contains unsafe content'],
    weight: 1,
  },
  message: {
    id: '65',
    muid: '_5zytzmceo',
    conversationId: 'a_user_b',
    sender: 'a',
    receiverType: 'user',
    receiver: 'b',
    category: 'message',
    type: 'image',
    data: {
      metadata: {},
      url: 'https://media.example.test/65.png',
      attachments: [
        {
          name: '65.png',
          extension: 'png',
          size: 1,
          mimeType: 'image/png',
          url: 'https://media.example.test/65.png',
        },
      ],
      moderation: { status: 'pending' },
    },
    sentAt: 1719993037,
    updatedAt: 1719993037,
  },
  action: ['blockMessage'],
  createdAt: 1719993038,
  updatedAt: 1719993038,
};

describe('blocked message schemas', () => {
  it('parses the documented list item and meta', () => {
    const parsed = blockedMessageListResponseSchema.parse({
      data: [item],
      meta: { current: { limit: 50, count: 20 } },
    });
    expect(parsed.data[0]?.message.data.attachments?.[0]?.mimeType).toBe('image/png');
    expect(parsed.data[0]?.status).toBeUndefined();
  });

  it('parses the approve and review confirmations', () => {
    expect(
      reviewBlockedMessageResponseSchema.parse({
        data: { success: true, message: 'Message with ID 268 has been approved.' },
      }).data.success,
    ).toBe(true);
  });

  it('accepts only approved or rejected, plus reviewed, in the PATCH body', () => {
    expect(reviewBlockedMessageBodySchema.parse({ status: 'rejected', reviewed: true })).toEqual({
      status: 'rejected',
      reviewed: true,
    });
    for (const bad of [
      { status: 'disapproved' },
      { status: 'approved', extra: 1 },
      {},
      { status: 'approved', reviewed: 'yes' },
    ]) {
      expect(reviewBlockedMessageBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
  });
});
