import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/api/schemas/common';
import {
  reactionListResponseSchema,
  reactionMutationResponseSchema,
} from '../../../src/api/schemas/reaction';
import type { EmulatorStore } from '../store';
import { createTestEmulator } from '../test-support';

const rowSchema = z.object({ id: z.number(), sender: z.string(), receiver: z.string() });

/** The support-hub announcement with several hundred reactions. */
const bigMessage = (store: EmulatorStore) =>
  Number(
    store.db
      .prepare(
        'SELECT message_id FROM reaction_counts GROUP BY message_id ORDER BY sum(count) DESC LIMIT 1',
      )
      .pluck()
      .get(),
  );

const directMessage = (store: EmulatorStore) =>
  rowSchema.parse(
    store.db
      .prepare(
        "SELECT id, sender, receiver FROM messages WHERE receiver_type = 'user' AND moderation IS NULL AND deleted_at IS NULL ORDER BY id LIMIT 1",
      )
      .get(),
  );

const path = (id: number, reaction: string) =>
  `/v3/messages/${id}/reactions/${encodeURIComponent(reaction)}`;

describe('POST and DELETE /messages/{id}/reactions/{reaction}', () => {
  it('round-trips emoji sequences and tokens exactly; reactedByMe only for the acting user', async () => {
    const { json, store } = createTestEmulator();
    const m = directMessage(store);
    const reactions = ['👍🏽', '👨‍👩‍👧', '🇫🇷', ':party:', '%41', 'a/b'];
    for (const reaction of reactions)
      await json(reactionMutationResponseSchema, 'POST', path(m.id, reaction), {
        onBehalfOf: m.sender,
      });
    const mine = await json(reactionMutationResponseSchema, 'POST', path(m.id, '👍🏽'), {
      onBehalfOf: m.receiver,
    });
    const summaries = mine.data.data.reactions ?? [];
    expect(summaries.map((r) => r.reaction)).toEqual(expect.arrayContaining(reactions));
    expect(summaries.find((r) => r.reaction === '👍🏽')).toEqual({
      reaction: '👍🏽',
      count: 2,
      reactedByMe: true,
    });
    expect(summaries.find((r) => r.reaction === '🇫🇷')).toEqual({ reaction: '🇫🇷', count: 1 });
    const stored = store.db
      .prepare('SELECT reaction FROM reactions WHERE message_id = ? AND uid = ? ORDER BY id')
      .pluck()
      .all(m.id, m.sender);
    expect(stored).toEqual(reactions);
  });

  it('adds idempotently and removes; removing an absent reaction is 404 ERR_REACTION_NOT_FOUND', async () => {
    const { json, call, store } = createTestEmulator();
    const m = directMessage(store);
    await json(reactionMutationResponseSchema, 'POST', path(m.id, '🎉'), { onBehalfOf: m.sender });
    const twice = await json(reactionMutationResponseSchema, 'POST', path(m.id, '🎉'), {
      onBehalfOf: m.sender,
    });
    expect(twice.data.data.reactions?.find((r) => r.reaction === '🎉')?.count).toBe(1);
    const removed = await json(reactionMutationResponseSchema, 'DELETE', path(m.id, '🎉'), {
      onBehalfOf: m.sender,
    });
    expect(removed.data.data.reactions?.some((r) => r.reaction === '🎉') ?? false).toBe(false);
    const again = await call('DELETE', path(m.id, '🎉'), { onBehalfOf: m.sender });
    expect(again.status).toBe(404);
    expect(errorBodySchema.parse(await again.json()).error.code).toBe('ERR_REACTION_NOT_FOUND');
  });

  it('requires onBehalfOf, a participant, and a delivered, undeleted message', async () => {
    const { call, store } = createTestEmulator();
    const m = directMessage(store);
    const cases: [string, string | undefined, number, string][] = [
      [path(m.id, '👍'), undefined, 400, 'ERR_BAD_REQUEST'],
      [path(m.id, '👍'), 'nobody-here', 404, 'ERR_UID_NOT_FOUND'],
      [path(m.id, '👍'), 'ben-walker', 404, 'ERR_UID_NOT_FOUND'],
      [path(m.id, '👍'), 'clara-novak', 403, 'ERR_MESSAGE_NO_ACCESS'],
      [path(999999, '👍'), m.sender, 404, 'ERR_MESSAGE_ID_NOT_FOUND'],
      [`/v3/messages/${m.id}/reactions/%E0%A4%A`, m.sender, 400, 'ERR_BAD_REQUEST'],
      [path(m.id, 'x'.repeat(101)), m.sender, 400, 'ERR_BAD_REQUEST'],
    ];
    const pending = Number(
      store.db
        .prepare("SELECT id FROM messages WHERE moderation = 'pending' LIMIT 1")
        .pluck()
        .get(),
    );
    const deleted = Number(
      store.db
        .prepare('SELECT id FROM messages WHERE deleted_at IS NOT NULL LIMIT 1')
        .pluck()
        .get(),
    );
    for (const id of [pending, deleted]) {
      const sender = String(
        store.db.prepare('SELECT sender FROM messages WHERE id = ?').pluck().get(id),
      );
      cases.push([path(id, '👍'), sender, 404, 'ERR_MESSAGE_ID_NOT_FOUND']);
    }
    for (const [url, onBehalfOf, status, code] of cases) {
      const response = await call('POST', url, { onBehalfOf });
      expect(response.status, `${url} ${onBehalfOf}`).toBe(status);
      expect(errorBodySchema.parse(await response.json()).error.code, url).toBe(code);
    }
  });
});

describe('GET /messages/{id}/reactions[/{reaction}]', () => {
  it('pages all reactions, 100 by default, disjoint pages whose union matches the counts', async () => {
    const { json, store } = createTestEmulator();
    const id = bigMessage(store);
    const total = Number(
      store.db
        .prepare('SELECT sum(count) FROM reaction_counts WHERE message_id = ?')
        .pluck()
        .get(id),
    );
    const seen: string[] = [];
    let query = '';
    for (;;) {
      const page = await json(
        reactionListResponseSchema,
        'GET',
        `/v3/messages/${id}/reactions${query}`,
      );
      expect(page.meta.current).toEqual({ limit: 100, count: page.data.length });
      seen.push(...page.data.map((r) => r.id));
      if (!page.meta.next) break;
      expect(page.meta.next).toEqual({ affix: 'append', id: page.data.at(-1)?.id });
      query = `?affix=append&id=${page.meta.next.id}`;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('lists one reaction kind, decoded once, with reactedBy users', async () => {
    const { json, store } = createTestEmulator();
    const id = bigMessage(store);
    for (const reaction of ['👨‍👩‍👧', ':party:', '🇫🇷']) {
      const expected = Number(
        store.db
          .prepare('SELECT count FROM reaction_counts WHERE message_id = ? AND reaction = ?')
          .pluck()
          .get(id, reaction),
      );
      const page = await json(reactionListResponseSchema, 'GET', path(id, reaction));
      expect(page.data.length).toBe(expected);
      expect(
        page.data.every(
          (r) => r.reaction === reaction && r.reactedBy.uid === r.uid && r.messageId === String(id),
        ),
      ).toBe(true);
      expect(page.meta.next).toBeUndefined();
    }
  });

  it('reads backwards with affix=prepend and gives next only while more remain', async () => {
    const { json, store } = createTestEmulator();
    const id = bigMessage(store);
    const first = Number(
      store.db.prepare('SELECT min(id) FROM reactions WHERE message_id = ?').pluck().get(id),
    );
    const page = await json(
      reactionListResponseSchema,
      'GET',
      `/v3/messages/${id}/reactions?affix=prepend&id=${first + 20}`,
    );
    expect(page.data.map((r) => Number(r.id))).toEqual(
      Array.from({ length: 20 }, (_, i) => first + 19 - i),
    );
    expect(page.meta).toEqual({ current: { limit: 100, count: 20 } });
  });

  it('takes only the cursor in strict mode; limit (1–100) with strict mode off', async () => {
    const { call } = createTestEmulator();
    const refused = await call('GET', '/v3/messages/1/reactions?limit=5');
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(await refused.json()).error.details).toEqual({
      limit: ['The limit parameter is not supported.'],
    });
    expect((await call('GET', '/v3/messages/999999/reactions')).status).toBe(404);
    const loose = createTestEmulator({ strict: false });
    const small = reactionListResponseSchema.parse(
      await loose.body('GET', `/v3/messages/${bigMessage(loose.store)}/reactions?limit=5`),
    );
    expect(small.data).toHaveLength(5);
    expect(small.meta.next).toEqual({ affix: 'append', id: small.data[4]?.id });
    expect((await loose.call('GET', '/v3/messages/1/reactions?limit=101')).status).toBe(400);
    expect((await loose.call('GET', '/v3/messages/1/reactions?limit=0')).status).toBe(400);
  });
});
