import { describe, expect, it } from 'vitest';
import { messageListResponseSchema } from '../../../src/api/schemas/message';
import { addReaction, insertMessage } from '../seed/insert';
import { createTestEmulator } from '../test-support';

/** A conversation of its own, so the filters' answers hold only these messages. */
const conversation = 'chloe-martin_user_noah-fischer';
const at = 1_900_000_000;

function seedMessages(emulator: ReturnType<typeof createTestEmulator>) {
  const db = emulator.store.db;
  const base = { sender: 'noah-fischer', receiverType: 'user' as const, receiver: 'chloe-martin' };
  const ids = {
    plain: insertMessage(db, { ...base, data: { text: 'See you at the Trailhead' }, sentAt: at }),
    link: insertMessage(db, {
      ...base,
      data: { text: 'Map: https://maps.example.com/x' },
      sentAt: at + 60,
    }),
    mention: insertMessage(db, {
      ...base,
      data: { text: 'Ask <@uid:amelia-hart> about 50% off_' },
      sentAt: at + 120,
    }),
    image: insertMessage(db, {
      ...base,
      type: 'image',
      data: {
        url: 'https://files.example.com/p.png',
        attachments: [{ url: 'https://files.example.com/p.png' }],
      },
      sentAt: at + 180,
    }),
    deleted: insertMessage(db, {
      ...base,
      data: { text: 'oops trailhead' },
      sentAt: at + 240,
      deletedAt: at + 250,
      deletedBy: 'noah-fischer',
    }),
  };
  addReaction(db, ids.plain, '👍', 'chloe-martin', at + 10);
  return ids;
}

describe('GET /messages filters', () => {
  it('filters by text, links, mentions, attachments, reactions, deleted only and time window', async () => {
    const emulator = createTestEmulator();
    const ids = seedMessages(emulator);
    const found = async (query: string) =>
      (
        await emulator.json(
          messageListResponseSchema,
          'GET',
          `/v3/messages?conversationId=${conversation}&limit=100&${query}`,
        )
      ).data
        .map((m) => Number(m.id))
        .sort((a, b) => a - b);
    expect(await found('searchKey=trailhead')).toEqual([ids.plain, ids.deleted]);
    expect(await found('searchKey=50%25%20off_')).toEqual([ids.mention]);
    expect(await found('hasLinks=true')).toEqual([ids.link]);
    expect(await found('hasMentions=true')).toEqual([ids.mention]);
    expect(await found('mentionedUids=amelia-hart')).toEqual([ids.mention]);
    expect(await found('mentionedUids=noah-fischer')).toEqual([]);
    expect(await found('hasAttachments=true')).toEqual([ids.image]);
    expect(await found('attachmentTypes=image,video')).toEqual([ids.image]);
    expect(await found('attachmentTypes=audio')).toEqual([]);
    expect(await found('hasReactions=true')).toEqual([ids.plain]);
    expect(await found('onlyDeleted=true')).toEqual([ids.deleted]);
    expect(await found('types=image,file')).toEqual([ids.image]);
    expect(await found(`fromTimestamp=${at + 60}&toTimestamp=${at + 120}`)).toEqual([
      ids.link,
      ids.mention,
    ]);
    expect(await found('hasLinks=false')).toHaveLength(5);
  });

  it('pages a search newest first along meta.next, and refuses malformed filters', async () => {
    const emulator = createTestEmulator();
    const ids = seedMessages(emulator);
    const first = await emulator.json(
      messageListResponseSchema,
      'GET',
      `/v3/messages?sender=noah-fischer&conversationId=${conversation}&limit=2`,
    );
    expect(first.data.map((m) => Number(m.id))).toEqual([ids.deleted, ids.image]);
    const next = first.meta.next;
    if (!next) throw new Error('no next cursor');
    const second = await emulator.json(
      messageListResponseSchema,
      'GET',
      `/v3/messages?sender=noah-fischer&conversationId=${conversation}&limit=2&affix=${next.affix}&id=${next.id}`,
    );
    expect(second.data.map((m) => Number(m.id))).toEqual([ids.mention, ids.link]);
    for (const bad of ['attachmentTypes=gif', 'hasLinks=yes', 'categories=poll', 'searchKey=']) {
      expect((await emulator.call('GET', `/v3/messages?${bad}`)).status, bad).toBe(400);
    }
  });
});
