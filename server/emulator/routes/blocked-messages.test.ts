import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  blockedMessageListResponseSchema,
  reviewBlockedMessageResponseSchema,
} from '../../../src/api/schemas/blocked-message';
import { reviewedMessageListResponseSchema } from '../../../src/api/schemas/flagged-message';
import { errorBodySchema } from '../../../src/api/schemas/common';
import { messageListResponseSchema, messageResponseSchema } from '../../../src/api/schemas/message';
import { createTestEmulator } from '../test-support';

const now = 1_763_600_000_000;

/** The rule conditions as sent (the console's schema reads a string `message` as a list). */
const wireConditionsSchema = z.object({
  data: z.array(
    z.object({
      ruleId: z.string(),
      condition: z.object({
        operand: z.string(),
        message: z.union([z.string(), z.array(z.string())]),
      }),
    }),
  ),
});

describe('GET /moderation/blocked-messages', () => {
  it('lists the pending queue newest first, at most 50, with rule, condition and the full message', async () => {
    const { json } = createTestEmulator();
    const page = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    expect(page.data).toHaveLength(13);
    expect(page.meta).toEqual({ current: { limit: 50, count: 13 } });
    const ids = page.data.map((item) => Number(item.message.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(page.data.map((item) => item.ruleId))).toEqual(
      new Set([
        'text-profanity-filter',
        'toxicity',
        'contact_details_filter',
        'email_filter',
        'image-moderation',
      ]),
    );
    expect(
      page.data.every(
        (item) =>
          item.status === 'pending' &&
          item.reviewed === false &&
          item.message.data.moderation?.status === 'pending',
      ),
    ).toBe(true);
    const image = page.data.find((item) => item.ruleId === 'image-moderation');
    expect(image?.message.data.attachments?.[0]?.mimeType).toBe('image/jpeg');
    expect(new Set(page.data.map((item) => item.message.conversationId)).size).toBeGreaterThan(3);
  });

  it('states a text rule’s condition message as a string and an image rule’s as a list', async () => {
    const { body } = createTestEmulator();
    const { data } = wireConditionsSchema.parse(
      await body('GET', '/v3/moderation/blocked-messages'),
    );
    const toxicity = data.find((item) => item.ruleId === 'toxicity');
    expect(toxicity?.condition.message).toBe('Text message contains Toxicity greater than 70%');
    for (const item of data) {
      expect(typeof item.condition.message, item.ruleId).toBe(
        item.condition.operand === 'text' ? 'string' : 'object',
      );
    }
    expect(
      data.filter((item) => Array.isArray(item.condition.message)).map((item) => item.ruleId),
    ).toEqual(['image-moderation', 'image-moderation', 'image-moderation']);
  });

  it('answers the newest 50 when more are pending', async () => {
    const { json, call } = createTestEmulator({ admin: true, now: () => now });
    for (let i = 0; i < 40; i += 1) {
      const injected = await call('POST', '/__emulator/blocked-messages', {
        body: { sender: 'ravi-patel', receiver: 'nadia-haddad', text: `spam ${i}` },
      });
      expect(injected.status).toBe(200);
    }
    const page = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    expect(page.meta).toEqual({ current: { limit: 50, count: 50 } });
    expect(page.data[0]?.message.data.text).toBe('spam 39');
  });

  it('refuses every parameter in strict mode: the service documents none', async () => {
    const { call } = createTestEmulator();
    for (const name of [
      'status',
      'limit',
      'affix',
      'id',
      'sender',
      'ruleId',
      'fromTimestamp',
      'toTimestamp',
    ]) {
      const response = await call('GET', `/v3/moderation/blocked-messages?${name}=1`);
      expect(response.status, name).toBe(400);
      const { error } = errorBodySchema.parse(await response.json());
      expect(error).toMatchObject({
        code: 'ERR_BAD_REQUEST',
        details: { [name]: [`The ${name} parameter is not supported.`] },
      });
    }
  });
});

describe('GET /moderation/blocked-messages with strict mode off: the emulator’s own filters', () => {
  it('pages with limit and the id cursor, disjoint and complete', async () => {
    const { json } = createTestEmulator({ strict: false });
    const first = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages?limit=5',
    );
    expect(first.meta.next).toEqual({ affix: 'prepend', id: first.data[4]?.message.id });
    const second = await json(
      blockedMessageListResponseSchema,
      'GET',
      `/v3/moderation/blocked-messages?limit=5&affix=prepend&id=${first.meta.next?.id ?? ''}`,
    );
    const third = await json(
      blockedMessageListResponseSchema,
      'GET',
      `/v3/moderation/blocked-messages?limit=5&affix=prepend&id=${second.meta.next?.id ?? ''}`,
    );
    expect(third.meta.next).toBeUndefined();
    const ids = [...first.data, ...second.data, ...third.data].map((item) => item.message.id);
    expect(ids.length).toBe(13);
    expect(new Set(ids).size).toBe(13);
    const newer = await json(
      blockedMessageListResponseSchema,
      'GET',
      `/v3/moderation/blocked-messages?affix=append&id=${third.data[0]?.message.id ?? ''}`,
    );
    expect(newer.data.map((item) => item.message.id)).toEqual(
      [...first.data, ...second.data].map((item) => item.message.id).reverse(),
    );
  });

  it('filters by status, rule, sender and time', async () => {
    const { json } = createTestEmulator({ strict: false });
    const approved = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages?status=approved',
    );
    expect(approved.data.map((i) => i.status)).toEqual(['approved']);
    const rejected = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages?status=rejected',
    );
    expect(rejected.data.map((i) => [i.status, i.reviewed])).toEqual([['rejected', true]]);
    const emails = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages?ruleId=email_filter',
    );
    expect(emails.data.length).toBe(3);
    const sender = emails.data[0]?.message.sender ?? '';
    const bySender = await json(
      blockedMessageListResponseSchema,
      'GET',
      `/v3/moderation/blocked-messages?sender=${sender}`,
    );
    expect(bySender.data.every((i) => i.message.sender === sender)).toBe(true);
    const at = emails.data[0]?.createdAt ?? 0;
    const window = await json(
      blockedMessageListResponseSchema,
      'GET',
      `/v3/moderation/blocked-messages?fromTimestamp=${at}&toTimestamp=${at}`,
    );
    expect(window.data.map((i) => i.createdAt)).toEqual([at]);
  });

  it('rejects bad filters', async () => {
    const { call } = createTestEmulator({ strict: false });
    for (const query of ['status=blocked', 'limit=0', 'limit=101', 'id=x', 'fromTimestamp=soon']) {
      expect((await call('GET', `/v3/moderation/blocked-messages?${query}`)).status, query).toBe(
        400,
      );
    }
  });
});

describe('GET /moderation/reviewed-messages', () => {
  it('lists the decided items, newest decision first, with the message’s moderation status', async () => {
    const { json } = createTestEmulator({ now: () => now });
    const seeded = await json(
      reviewedMessageListResponseSchema,
      'GET',
      '/v3/moderation/reviewed-messages',
    );
    // The demo's approved flag is listed too, apart from the blocked items.
    expect(seeded.meta).toEqual({ current: { limit: 50, count: 3 } });
    expect(seeded.flags).toHaveLength(1);
    expect(seeded.data.map((i) => [i.status, i.message.data.moderation?.status])).toEqual([
      ['rejected', 'disapproved'],
      ['approved', 'approved'],
    ]);
    const queue = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    const [first, second] = queue.data;
    if (!first || !second) throw new Error('queue too short');
    await json(
      reviewBlockedMessageResponseSchema,
      'PATCH',
      `/v3/moderation/blocked-messages/${second.message.id}`,
      { body: { status: 'rejected', reviewed: true } },
    );
    const reviewed = await json(
      reviewedMessageListResponseSchema,
      'GET',
      '/v3/moderation/reviewed-messages',
    );
    expect(reviewed.data[0]).toMatchObject({
      ruleId: second.ruleId,
      updatedAt: 1763600000,
      message: { id: second.message.id, data: { moderation: { status: 'disapproved' } } },
    });
    expect(reviewed.data).toHaveLength(3);
    const pending = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    expect(pending.data.map((i) => i.message.id)).not.toContain(second.message.id);
  });

  it('takes no parameters in strict mode', async () => {
    const { call } = createTestEmulator();
    const response = await call('GET', '/v3/moderation/reviewed-messages?limit=10');
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json()).error.details).toEqual({
      limit: ['The limit parameter is not supported.'],
    });
  });
});

describe('PATCH /moderation/blocked-messages/{messageId}', () => {
  it('approve delivers the message: it leaves the queue, becomes listable and is reviewed', async () => {
    const { json } = createTestEmulator({ now: () => now });
    const queue = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    const item = queue.data[0];
    if (!item) throw new Error('empty queue');
    const result = await json(
      reviewBlockedMessageResponseSchema,
      'PATCH',
      `/v3/moderation/blocked-messages/${item.message.id}`,
      { body: { status: 'approved' } },
    );
    expect(result.data).toEqual({
      success: true,
      message: `Message with ID ${item.message.id} has been approved.`,
    });
    const after = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    expect(after.data.map((i) => i.message.id)).not.toContain(item.message.id);
    const message = await json(messageResponseSchema, 'GET', `/v3/messages/${item.message.id}`);
    expect(message.data.data.moderation?.status).toBe('approved');
    const list = await json(
      messageListResponseSchema,
      'GET',
      `/v3/messages?conversationId=${item.message.conversationId}&limit=1000`,
    );
    expect(list.data.map((m) => m.id)).toContain(item.message.id);
    const reviewed = await json(
      reviewedMessageListResponseSchema,
      'GET',
      '/v3/moderation/reviewed-messages',
    );
    expect(reviewed.data[0]).toMatchObject({
      status: 'approved',
      reviewed: true,
      updatedAt: 1763600000,
      message: { id: item.message.id, data: { moderation: { status: 'approved' } } },
    });
  });

  it('reject keeps it blocked and reviewed; it stays out of message lists', async () => {
    const { json } = createTestEmulator({ now: () => now });
    const queue = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    const id = queue.data[1]?.message.id ?? '';
    const result = await json(
      reviewBlockedMessageResponseSchema,
      'PATCH',
      `/v3/moderation/blocked-messages/${id}`,
      { body: { status: 'rejected', reviewed: true } },
    );
    expect(result.data.message).toBe(`Message with ID ${id} has been reviewed successfully.`);
    const reviewed = await json(
      reviewedMessageListResponseSchema,
      'GET',
      '/v3/moderation/reviewed-messages',
    );
    expect(reviewed.data.find((i) => i.message.id === id)?.message.data.moderation?.status).toBe(
      'disapproved',
    );
    const all = await json(messageListResponseSchema, 'GET', '/v3/messages?limit=1000');
    expect(all.data.map((m) => m.id)).not.toContain(id);
  });

  it('refuses bad bodies, unknown ids and rejecting an approved message, writing nothing', async () => {
    const { call, json, store } = createTestEmulator();
    const queue = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    const id = queue.data[0]?.message.id ?? '';
    for (const body of [
      { status: 'disapproved' },
      { status: 'approved', note: 'x' },
      {},
      { status: 'rejected', reviewed: 'yes' },
    ]) {
      const response = await call('PATCH', `/v3/moderation/blocked-messages/${id}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call('PATCH', '/v3/moderation/blocked-messages/1', {
      body: { status: 'approved' },
    });
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json()).error.code).toBe(
      'ERR_BLOCKED_MESSAGE_NOT_FOUND',
    );
    const approvedId = String(
      store.db
        .prepare("SELECT message_id FROM blocked_messages WHERE status = 'approved'")
        .pluck()
        .get(),
    );
    const late = await call('PATCH', `/v3/moderation/blocked-messages/${approvedId}`, {
      body: { status: 'rejected' },
    });
    expect(late.status).toBe(400);
    expect(
      store.db
        .prepare("SELECT count(*) FROM blocked_messages WHERE status = 'pending'")
        .pluck()
        .get(),
    ).toBe(13);
  });
});
