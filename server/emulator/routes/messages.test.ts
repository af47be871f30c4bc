import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataEnvelope, errorBodySchema } from '../../../src/api/schemas/common';
import {
  actionMessageSchema,
  messageListResponseSchema,
  messageResponseSchema,
} from '../../../src/api/schemas/message';
import { createTestEmulator } from '../test-support';

const now = 1_763_600_000_000;
/** The deletion's action message, read strictly: by, for and on are all there. */
const deleteMessageResponseSchema = dataEnvelope(actionMessageSchema);

async function allPages(json: ReturnType<typeof createTestEmulator>['json'], query: string) {
  const ids: string[] = [];
  let cursor = '';
  for (let guard = 0; guard < 1000; guard += 1) {
    const page = await json(messageListResponseSchema, 'GET', `/v3/messages?${query}${cursor}`);
    ids.push(...page.data.map((m) => m.id));
    expect(page.meta.current.count).toBe(page.data.length);
    if (!page.meta.next) return ids;
    cursor = `&affix=${page.meta.next.affix}&id=${page.meta.next.id}`;
  }
  throw new Error('paging did not end');
}

describe('GET /messages', () => {
  it('lists newest first, 10 by default, with entities and a next cursor carrying sentAt', async () => {
    const { json } = createTestEmulator();
    const page = await json(messageListResponseSchema, 'GET', '/v3/messages');
    expect(page.data).toHaveLength(10);
    const ids = page.data.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const content = page.data.find((m) => m.category === 'message');
    expect(content?.data.entities?.sender?.entity).toHaveProperty('name');
    expect(page.meta.next).toMatchObject({
      affix: 'prepend',
      id: page.data[9]?.id,
      sentAt: page.data[9]?.sentAt,
    });
  });

  it('pages through every visible message exactly once, in both directions', async () => {
    const { json, store } = createTestEmulator();
    const visible = store.db
      .prepare("SELECT count(*) FROM messages WHERE moderation IS NULL OR moderation = 'approved'")
      .pluck()
      .get();
    const down = await allPages(json, 'limit=37');
    expect(new Set(down).size).toBe(down.length);
    expect(down.length).toBe(visible);
    const up = await allPages(json, 'limit=50&affix=append');
    expect(up).toEqual([...down].reverse());
  });

  it('never lists messages held by moderation, but lists the approved one', async () => {
    const { json, store } = createTestEmulator();
    const ids = new Set(await allPages(json, 'limit=1000'));
    const held = store.db
      .prepare("SELECT id FROM messages WHERE moderation IN ('pending', 'disapproved')")
      .pluck()
      .all()
      .map(String);
    const approved = store.db
      .prepare("SELECT id FROM messages WHERE moderation = 'approved'")
      .pluck()
      .all()
      .map(String);
    expect(held.length).toBeGreaterThan(10);
    for (const id of held) expect(ids.has(id)).toBe(false);
    for (const id of approved) expect(ids.has(id)).toBe(true);
  });

  it('filters by conversation, sender, receiver type, category, type, time and deletion', async () => {
    const { json } = createTestEmulator();
    const conv = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?conversationId=amelia-hart_user_noah-fischer&limit=1000',
    );
    expect(conv.data.length).toBeGreaterThan(0);
    expect(conv.data.every((m) => m.conversationId === 'amelia-hart_user_noah-fischer')).toBe(true);
    const sender = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?sender=Olivia-Bennett&limit=1000',
    );
    expect(sender.data.length).toBeGreaterThan(0);
    expect(sender.data.every((m) => m.sender === 'olivia-bennett')).toBe(true);
    const groups = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?receiverType=group&limit=1000',
    );
    expect(groups.data.every((m) => m.receiverType === 'group')).toBe(true);
    expect(
      groups.data.every(
        (m) => m.category === 'action' || m.data.entities?.receiver?.entityType === 'group',
      ),
    ).toBe(true);
    const custom = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?category=custom&type=location',
    );
    expect(custom.data.map((m) => m.type)).toEqual(['location', 'location']);
    const images = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?type=image&limit=100',
    );
    expect(images.data.every((m) => (m.data.attachments?.length ?? 0) > 0)).toBe(true);
    const deleted = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?onlyDeleted=true&limit=100',
    );
    expect(deleted.data).toHaveLength(4);
    expect(deleted.data.every((m) => m.deletedAt !== undefined && m.deletedBy !== undefined)).toBe(
      true,
    );
    const hidden = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?hideDeleted=true&limit=1000',
    );
    expect(hidden.data.some((m) => m.deletedAt !== undefined)).toBe(false);
    const first = conv.data.at(-1)?.sentAt ?? 0;
    const window = await json(
      messageListResponseSchema,
      'GET',
      `/v3/messages?fromTimestamp=${first}&toTimestamp=${first}&limit=1000`,
    );
    expect(window.data.every((m) => m.sentAt === first)).toBe(true);
    expect(window.data.length).toBeGreaterThan(0);
  });

  it('lists the group-member action messages and the interactive form of the demo data', async () => {
    const { json } = createTestEmulator();
    const all = await json(messageListResponseSchema, 'GET', '/v3/messages?limit=1000');
    const actions = all.data.filter((m) => m.category === 'action' && m.type === 'groupMember');
    expect(actions.map((m) => m.data.action).sort()).toEqual([
      'added',
      'banned',
      'joined',
      'kicked',
      'scopeChanged',
      'unbanned',
    ]);
    for (const action of actions) {
      expect(action).toMatchObject({
        receiverType: 'group',
        conversationId: `group_${action.receiver}`,
      });
      expect(action.data.entities?.by?.entityType).toBe('user');
      expect(action.data.entities?.for).toMatchObject({
        entityType: 'group',
        entity: { guid: action.receiver },
      });
      expect(action.data.entities?.on?.entityType).toBe('user');
      expect(action.data.entities?.on?.entity).toHaveProperty('scope');
      expect(action.data.entities?.sender).toBeUndefined();
    }
    const form = all.data.find((m) => m.category === 'interactive');
    expect(form).toMatchObject({
      type: 'form',
      conversationId: 'amelia-hart_user_noah-fischer',
      data: { interactiveData: { title: 'Saturday hike sign-up' } },
    });
    const hiking = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?conversationId=group_hiking-club&limit=1000',
    );
    expect(hiking.data[0]?.data.action).toBe('banned');
    const times = hiking.data.map((m) => m.sentAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('gives a user receiver the conversation id, as the service does', async () => {
    const { json } = createTestEmulator();
    const page = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?conversationId=amelia-hart_user_noah-fischer&limit=5',
    );
    for (const m of page.data)
      expect(m.data.entities?.receiver?.entity).toMatchObject({
        uid: m.receiver,
        conversationId: 'amelia-hart_user_noah-fischer',
      });
  });

  it('limits to common conversations with onBehalfOf, and 404s an unknown or deactivated acting user', async () => {
    const { json, call } = createTestEmulator();
    const mine = await json(messageListResponseSchema, 'GET', '/v3/messages?limit=1000', {
      onBehalfOf: 'amelia-hart',
    });
    expect(mine.data.length).toBeGreaterThan(0);
    expect(
      mine.data.every(
        (m) =>
          m.sender === 'amelia-hart' || m.receiver === 'amelia-hart' || m.receiverType === 'group',
      ),
    ).toBe(true);
    for (const who of ['nobody-here', 'ben-walker']) {
      const response = await call('GET', '/v3/messages', { onBehalfOf: who });
      expect(response.status).toBe(404);
      expect(errorBodySchema.parse(await response.json()).error.code).toBe('ERR_UID_NOT_FOUND');
    }
  });

  it('answers 400 ERR_BAD_REQUEST with details for bad parameters', async () => {
    const { call } = createTestEmulator();
    for (const query of [
      'limit=0',
      'limit=1001',
      'limit=ten',
      'receiverType=foo',
      'category=messages',
      'type=texts',
      'affix=sideways',
      'id=abc',
      'hideDeleted=true&onlyDeleted=true',
      'fromTimestamp=-5',
    ]) {
      const response = await call('GET', `/v3/messages?${query}`);
      expect(response.status, query).toBe(400);
      const { error } = errorBodySchema.parse(await response.json());
      expect(error.code).toBe('ERR_BAD_REQUEST');
      expect(Object.keys(error.details ?? {}).length, query).toBeGreaterThan(0);
    }
  });
});

describe('GET and DELETE /messages/{id}', () => {
  it('gets one message, and 404s ERR_MESSAGE_ID_NOT_FOUND for an unknown id', async () => {
    const { json, call } = createTestEmulator();
    expect((await json(messageResponseSchema, 'GET', '/v3/messages/1')).data.id).toBe('1');
    const missing = await call('GET', '/v3/messages/999999');
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
    expect((await call('GET', '/v3/messages/abc')).status).toBe(400);
  });

  it('soft-deletes by default: an action message, the message kept with deletedAt and deletedBy', async () => {
    const { json } = createTestEmulator({ now: () => now });
    const action = await json(deleteMessageResponseSchema, 'DELETE', '/v3/messages/1');
    expect(action.data).toMatchObject({
      category: 'action',
      type: 'message',
      sender: 'app_system',
      sentAt: 1763600000,
    });
    expect(action.data.data.action).toBe('deleted');
    expect(action.data.data.entities.by.entity.uid).toBe('app_system');
    expect(action.data.data.entities.on.entity).toMatchObject({
      id: '1',
      deletedAt: 1763600000,
      deletedBy: 'app_system',
      tags: [],
    });
    expect(Number(action.data.id)).toBeGreaterThan(195);
    const kept = await json(messageResponseSchema, 'GET', '/v3/messages/1');
    expect(kept.data).toMatchObject({ deletedAt: 1763600000, deletedBy: 'app_system' });
  });

  it('deletes on behalf of the sender, refuses other users with 403 ERR_MESSAGE_NOT_A_SENDER', async () => {
    const { json, call, store } = createTestEmulator({ now: () => now });
    const found = store.db
      .prepare(
        "SELECT id, sender, receiver FROM messages WHERE receiver_type = 'user' AND moderation IS NULL AND deleted_at IS NULL LIMIT 1",
      )
      .get();
    const row = z.object({ id: z.number(), sender: z.string(), receiver: z.string() }).parse(found);
    const refused = await call('DELETE', `/v3/messages/${row.id}`, { onBehalfOf: row.receiver });
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(await refused.json()).error.code).toBe('ERR_MESSAGE_NOT_A_SENDER');
    expect(
      store.db.prepare('SELECT deleted_at FROM messages WHERE id = ?').pluck().get(row.id),
    ).toBeNull();
    const action = await json(deleteMessageResponseSchema, 'DELETE', `/v3/messages/${row.id}`, {
      onBehalfOf: row.sender,
    });
    expect(action.data.data.entities.by.entity.uid).toBe(row.sender);
    expect(action.data.data.entities.for.entity).toMatchObject({ uid: row.receiver });
  });

  it('removes the message, its reactions and counts with permanent: true', async () => {
    const { json, call, store } = createTestEmulator({ now: () => now });
    const id = store.db
      .prepare(
        'SELECT message_id FROM reaction_counts GROUP BY message_id ORDER BY sum(count) DESC LIMIT 1',
      )
      .pluck()
      .get();
    const action = await json(deleteMessageResponseSchema, 'DELETE', `/v3/messages/${String(id)}`, {
      body: { permanent: true },
    });
    expect(action.data.data.entities.on.entity.id).toBe(String(id));
    expect((await call('GET', `/v3/messages/${String(id)}`)).status).toBe(404);
    expect(
      store.db.prepare('SELECT count(*) FROM reactions WHERE message_id = ?').pluck().get(id),
    ).toBe(0);
    expect(
      store.db.prepare('SELECT count(*) FROM reaction_counts WHERE message_id = ?').pluck().get(id),
    ).toBe(0);
    expect((await call('DELETE', `/v3/messages/${String(id)}`)).status).toBe(404);
  });

  it('validates the delete body', async () => {
    const { call } = createTestEmulator();
    for (const body of [{ permanent: 'yes' }, { permanent: true, why: 'x' }]) {
      expect((await call('DELETE', '/v3/messages/1', { body })).status).toBe(400);
    }
    expect((await call('DELETE', '/v3/messages/1', { rawBody: '{nope' })).status).toBe(400);
  });
});
