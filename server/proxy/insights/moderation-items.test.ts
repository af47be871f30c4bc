import { describe, expect, it } from 'vitest';
import { realBodies } from '../../../src/api/contract/real-bodies';
import type { ConsoleStore } from '../store/store';
import { testStores } from '../test-support/test-store';
import { memoryLogger } from '../test-support/harness';
import { createModerationItemsObserver, moderationItemRetentionMs } from './moderation-items';

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
