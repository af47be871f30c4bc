import { describe, expect, it } from 'vitest';
import { realBodies } from '../../../src/api/contract/real-bodies';
import type { ConsoleStore } from '../store/store';
import { testStores } from '../test-support/test-store';
import { memoryLogger } from '../test-support/harness';
import {
  createModerationItemsObserver,
  moderationItemRetentionMs,
  readBlockedList,
  rememberBlockedItems,
  seenRefreshMs,
} from './moderation-items';

const open = testStores();

const rows = (store: ConsoleStore) =>
  store.db
    .selectFrom('moderation_items')
    .select(['message_id', 'rule_id', 'rule_name', 'sent_at', 'seen_at'])
    .execute();

describe('remembered blocked items', () => {
  it("keeps each forwarded list item's rule and sentAt, from the documented body; nothing from other answers", async () => {
    const store = await open();
    const observe = createModerationItemsObserver(store, memoryLogger().logger);
    const documented = realBodies.find(
      (entry) => entry.name === 'GET /moderation/blocked-messages (image rule)',
    );
    const body = new TextEncoder().encode(JSON.stringify(documented?.body));
    const answer = {
      operation: 'GET /moderation/blocked-messages',
      method: 'GET',
      params: {},
      status: 200,
      body,
      operator: 'mo',
      at: 5_000_000_000_000,
      reqId: 'r1',
    };
    await observe({ ...answer, status: 500 });
    await observe({ ...answer, operation: 'GET /messages/{id}' });
    expect(await rows(store)).toEqual([]);
    await observe(answer);
    expect(await rows(store)).toEqual([
      {
        message_id: '65',
        rule_id: 'image-moderation',
        rule_name: 'AI Image Moderation',
        sent_at: 1719993037,
        seen_at: 5_000_000_000_000,
      },
    ]);
    // Not listed again for longer than the retention: dropped when another list comes.
    await observe({
      ...answer,
      at: answer.at + moderationItemRetentionMs + 1,
      body: new TextEncoder().encode('{"data":[],"meta":{"current":{"limit":50,"count":0}}}'),
    });
    expect(await rows(store)).toEqual([]);
  });
});

describe('a list that shows known items again', () => {
  /** The documented blocked list's one item (message 65), under the rule name given. */
  const listed = (ruleName: string) => {
    const documented = realBodies.find(
      (entry) => entry.name === 'GET /moderation/blocked-messages (image rule)',
    );
    const body = structuredClone(documented?.body) as { data: { ruleName?: string }[] };
    for (const item of body.data) item.ruleName = ruleName;
    const items = readBlockedList(new TextEncoder().encode(JSON.stringify(body)));
    if (!items) throw new Error('the documented list no longer reads');
    return items;
  };

  it('writes nothing until an item changes or its last sighting is an hour old', async () => {
    const store = await open();
    const at = 5_000_000_000_000;
    const seenAt = async () => (await rows(store)).map((row) => row.seen_at);
    await rememberBlockedItems(store, listed('AI Image Moderation'), at);
    // Seen again within the hour, unchanged: its row keeps the sighting written.
    await rememberBlockedItems(store, listed('AI Image Moderation'), at + seenRefreshMs / 2);
    expect(await seenAt()).toEqual([at]);
    // A rule renamed is learnt at once.
    await rememberBlockedItems(store, listed('Images'), at + seenRefreshMs / 2);
    expect(await rows(store)).toEqual([
      expect.objectContaining({ rule_name: 'Images', seen_at: at + seenRefreshMs / 2 }),
    ]);
    // Unchanged, over an hour after its last write: the sighting is written again.
    await rememberBlockedItems(store, listed('Images'), at + 2 * seenRefreshMs);
    expect(await seenAt()).toEqual([at + 2 * seenRefreshMs]);
  });
});
