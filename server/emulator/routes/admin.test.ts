import { describe, expect, it, vi } from 'vitest';
import {
  blockedMessageListResponseSchema,
  blockedMessageSchema,
} from '../../../src/api/schemas/blocked-message';
import { dataEnvelope, errorBodySchema } from '../../../src/api/schemas/common';
import { createTestEmulator } from '../test-support';

describe('test controls under /__emulator', () => {
  it('are absent unless the app is built with admin: true', async () => {
    const { call } = createTestEmulator();
    expect((await call('POST', '/__emulator/reset')).status).toBe(404);
  });

  it('reset wipes changes and re-seeds the demo data', async () => {
    const { call, store } = createTestEmulator({ admin: true });
    await call('DELETE', '/v3/moderation/reasons/scam');
    await call('DELETE', '/v3/users', { body: { uidsToDeactivate: ['amelia-hart'] } });
    expect((await call('POST', '/__emulator/reset')).status).toBe(200);
    expect(
      store.db.prepare("SELECT count(*) FROM moderation_reasons WHERE id = 'scam'").pluck().get(),
    ).toBe(1);
    expect(
      store.db.prepare("SELECT deactivated_at FROM users WHERE uid = 'amelia-hart'").pluck().get(),
    ).toBeNull();
    expect((await call('POST', '/__emulator/seed', { body: { kind: 'demo' } })).status).toBe(200);
    expect((await call('POST', '/__emulator/seed', { body: { kind: 'huge' } })).status).toBe(400);
  });

  it('fails the next N matching calls with the queued fault, then recovers', async () => {
    const { call } = createTestEmulator({ admin: true });
    const queued = await call('POST', '/__emulator/faults', {
      body: {
        method: 'PATCH',
        path: '/moderation/blocked-messages/:messageId',
        status: 503,
        count: 2,
        retryAfter: 7,
      },
    });
    expect(queued.status).toBe(200);
    expect((await call('GET', '/v3/moderation/blocked-messages')).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const failed = await call('PATCH', '/v3/moderation/blocked-messages/123', {
        body: { status: 'approved' },
      });
      expect(failed.status).toBe(503);
      expect(failed.headers.get('Retry-After')).toBe('7');
      expect(errorBodySchema.parse(await failed.json()).error.code).toBe('ERR_MISSION_FAILED');
    }
    expect(
      (await call('PATCH', '/v3/moderation/blocked-messages/123', { body: { status: 'approved' } }))
        .status,
    ).toBe(404);
  });

  it('matches faults by path prefix and answers 429 with the rate-limit code', async () => {
    const { call } = createTestEmulator({ admin: true });
    await call('POST', '/__emulator/faults', {
      body: { method: '*', path: '/v3/users', status: 429, retryAfter: 15 },
    });
    expect((await call('GET', '/v3/groups')).status).toBe(200);
    const limited = await call('GET', '/v3/users/amelia-hart');
    expect(limited.status).toBe(429);
    expect(errorBodySchema.parse(await limited.json()).error.code).toBe('ERR_TOO_MANY_REQUESTS');
    expect((await call('GET', '/v3/users/amelia-hart')).status).toBe(200);
  });

  it('holds every API call back by the injected latency', async () => {
    const { call } = createTestEmulator({ admin: true });
    await call('POST', '/__emulator/latency', { body: { ms: 60 } });
    vi.useFakeTimers();
    try {
      let answered = false;
      const pending = call('GET', '/v3/moderation/reasons').then((response) => {
        answered = true;
        return response;
      });
      await vi.advanceTimersByTimeAsync(59);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).status).toBe(200);
      expect(answered).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect((await call('POST', '/__emulator/latency', { body: { ms: -1 } })).status).toBe(400);
  });

  it('injects a new pending blocked message at the head of the queue', async () => {
    const { call, json } = createTestEmulator({ admin: true, now: () => 1_763_700_000_000 });
    const response = await call('POST', '/__emulator/blocked-messages', {
      body: {
        sender: 'ravi-patel',
        receiver: 'nadia-haddad',
        ruleId: 'email_filter',
        text: 'mail me at r@example.com',
      },
    });
    expect(response.status).toBe(200);
    const injected = dataEnvelope(blockedMessageSchema).parse(await response.json()).data;
    expect(injected).toMatchObject({
      ruleId: 'email_filter',
      status: 'pending',
      createdAt: 1763700000,
    });
    const queue = await json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    expect(queue.data[0]?.message.id).toBe(injected.message.id);
    expect(queue.data).toHaveLength(14);
    const image = await call('POST', '/__emulator/blocked-messages', {
      body: {
        sender: 'ravi-patel',
        receiver: 'support-hub',
        receiverType: 'group',
        ruleId: 'image-moderation',
      },
    });
    const imageItem: unknown = await image.json();
    expect(dataEnvelope(blockedMessageSchema).parse(imageItem).data.message.type).toBe('image');
    expect(imageItem).toMatchObject({
      data: {
        condition: {
          message: ['Image contains Any unsafe content with confidence greater than 70'],
        },
      },
    });
    const toxic = await call('POST', '/__emulator/blocked-messages', {
      body: {
        sender: 'ravi-patel',
        receiver: 'nadia-haddad',
        ruleId: 'toxicity',
        text: 'you are all idiots',
      },
    });
    expect(await toxic.json()).toMatchObject({
      data: {
        ruleId: 'toxicity',
        condition: { message: 'Text message contains Toxicity greater than 70%' },
      },
    });
    expect(
      (
        await call('POST', '/__emulator/blocked-messages', {
          body: { sender: 'nobody', receiver: 'nadia-haddad', text: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', '/__emulator/blocked-messages', {
          body: { sender: 'ravi-patel', receiver: 'nadia-haddad' },
        })
      ).status,
    ).toBe(400);
  });
});
