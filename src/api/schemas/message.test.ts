import { describe, expect, it } from 'vitest';
import {
  deleteMessageResponseSchema,
  messageListResponseSchema,
  messageResponseSchema,
  actionTargetMessage,
} from './message';
import { listMessagesQuerySchema } from './message-query';

const user1 = {
  uid: 'cometchat-uid-1',
  name: 'Andrew Joseph',
  status: 'offline',
  role: 'default',
  createdAt: 1698934972,
};
const user2 = {
  uid: 'cometchat-uid-2',
  name: 'George Alan',
  status: 'offline',
  role: 'default',
  createdAt: 1698934972,
};

const textMessage = {
  id: '2',
  conversationId: 'cometchat-uid-1_user_cometchat-uid-2',
  sender: 'cometchat-uid-1',
  receiverType: 'user',
  receiver: 'cometchat-uid-2',
  category: 'message',
  type: 'text',
  data: {
    text: 'Hi,',
    entities: {
      sender: { entity: user1, entityType: 'user' },
      receiver: { entity: user2, entityType: 'user' },
    },
    reactions: [
      { reaction: ':reaction', count: 1 },
      { reaction: '😅', count: 1 },
      { reaction: '😒', count: 1, reactedByMe: true },
      { reaction: '🤨', count: 1, reactedByMe: true },
    ],
  },
  sentAt: 1700210266,
  updatedAt: 1700210266,
};

describe('message schemas', () => {
  it('parses the add-reaction example: a message with reaction summaries', () => {
    const parsed = messageResponseSchema.parse({ data: textMessage });
    expect(parsed.data.data.reactions?.map((r) => r.reaction)).toEqual([
      ':reaction',
      '😅',
      '😒',
      '🤨',
    ]);
    expect(parsed.data.data.reactions?.[2]?.reactedByMe).toBe(true);
  });

  it('parses the delete example: an action message wrapping the message', () => {
    const on = {
      ...textMessage,
      editedAt: 1641477338,
      editedBy: 'app_system',
      tags: ['x'],
      deletedAt: 1641477338,
      deletedBy: 'cometchat-uid-1',
    };
    const body = {
      data: {
        id: '402',
        conversationId: textMessage.conversationId,
        sender: 'cometchat-uid-1',
        receiverType: 'user',
        receiver: 'cometchat-uid-2',
        category: 'action',
        type: 'message',
        data: {
          action: 'deleted',
          entities: {
            by: { entity: user1, entityType: 'user' },
            for: { entity: user2, entityType: 'user' },
            on: { entity: on, entityType: 'message' },
          },
        },
        sentAt: 1641477338,
        updatedAt: 1641477338,
      },
    };
    const parsed = deleteMessageResponseSchema.parse(body);
    expect(actionTargetMessage(parsed.data)?.deletedBy).toBe('cometchat-uid-1');
    // Read as any message: an answer that is not an action message still parses, it has no target.
    expect(
      actionTargetMessage(deleteMessageResponseSchema.parse({ data: textMessage }).data),
    ).toBeUndefined();
  });

  it('parses blocked image messages with attachments and moderation status, and group receivers', () => {
    const image = {
      ...textMessage,
      id: '65',
      muid: '_5zytzmceo',
      type: 'image',
      receiverType: 'group',
      receiver: 'support-hub',
      conversationId: 'group_support-hub',
      data: {
        url: 'https://media.example.test/x.png',
        attachments: [
          {
            name: 'x.png',
            extension: 'png',
            size: 1024,
            mimeType: 'image/png',
            url: 'https://media.example.test/x.png',
          },
        ],
        entities: {
          sender: { entity: user1, entityType: 'user' },
          receiver: {
            entity: { guid: 'support-hub', name: 'Support', type: 'public' },
            entityType: 'group',
          },
        },
        moderation: { status: 'pending' },
      },
    };
    const parsed = messageListResponseSchema.parse({
      data: [image],
      meta: {
        current: { limit: 10, count: 1 },
        next: { affix: 'prepend', id: '65', sentAt: 1700210266 },
      },
    });
    expect(parsed.data[0]?.data.moderation?.status).toBe('pending');
    expect(parsed.meta.next?.sentAt).toBe(1700210266);
  });

  it('validates list queries like the service (bad enums are 400s)', () => {
    expect(listMessagesQuerySchema.parse({})).toEqual({ limit: 10 });
    for (const bad of [
      { receiverType: 'foo' },
      { category: 'messages' },
      { type: 'texts' },
      { limit: '1001' },
      { limit: '0' },
      { id: 'abc' },
      { affix: 'up' },
      { hideDeleted: 'true', onlyDeleted: 'true' },
    ]) {
      expect(listMessagesQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(
      listMessagesQuerySchema.parse({
        category: 'custom',
        type: 'location',
        affix: 'append',
        id: '42',
      }),
    ).toMatchObject({ type: 'location', id: '42' });
  });
});
