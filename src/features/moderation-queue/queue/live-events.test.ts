import { describe, expect, it } from 'vitest';
import {
  othersClaims,
  readClaimsEvent,
  readQueueEvent,
  readStatusEvent,
  reviewingText,
  withDecisions,
  withNotes,
} from './live-events';
import { itemId } from '../item-info';
import { nextActive } from '../review/use-list-cursor';

const message = (id: string) => ({
  id,
  conversationId: 'a_b',
  sender: 'amelia-hart',
  receiver: 'noah-fischer',
  receiverType: 'user',
  type: 'text',
  category: 'message',
  data: { text: 'hello' },
  sentAt: 1763500000,
  updatedAt: 1763500000,
});
const list = (ids: string[]) => ({
  data: ids.map((id) => ({ ruleId: 'toxicity', message: message(id) })),
  meta: { current: { limit: 50, count: ids.length } },
});

describe('live queue events', () => {
  it('keeps the decision named for an item that left, so an open dialog can say who and when', () => {
    const decisions = withDecisions(new Map(), [
      {
        messageId: '13',
        note: 'Rejected by sam',
        decided: { status: 'rejected', by: 'sam', at: '2030-01-01T14:02:00.000Z' },
      },
      { messageId: '14', note: 'Decided outside the console' },
    ]);
    expect([...decisions]).toEqual([
      ['13', { status: 'rejected', by: 'sam', at: new Date('2030-01-01T14:02:00.000Z') }],
    ]);
  });

  it('reads a queue event into the list the cache holds and the notes of what left', () => {
    const read = readQueueEvent(
      JSON.stringify({
        version: 3,
        list: list(['12', '14']),
        added: ['14'],
        removed: [{ messageId: '13', note: 'Rejected by sam' }],
      }),
    );
    expect(read?.list.data.map((item) => item.message.id)).toEqual(['12', '14']);
    expect(read?.removed).toEqual([{ messageId: '13', note: 'Rejected by sam' }]);
    expect(readQueueEvent('{"version":1}')).toBeUndefined();
    expect(readQueueEvent('not json')).toBeUndefined();
    const notes = withNotes(new Map([['9', 'Approved by alex']]), read?.removed ?? []);
    expect([...notes]).toEqual([
      ['9', 'Approved by alex'],
      ['13', 'Rejected by sam'],
    ]);
  });

  it('says when live updates pause and when they are back', () => {
    expect(
      readStatusEvent(
        JSON.stringify({
          state: 'paused',
          reason: 'rate-limited',
          retryInSeconds: 30,
          message: 'live updates paused: the service is rate limiting, retrying in 30 s',
        }),
      ),
    ).toBe('live updates paused: the service is rate limiting, retrying in 30 s');
    expect(readStatusEvent(JSON.stringify({ state: 'live', at: 1 }))).toBeNull();
    expect(readStatusEvent('{}')).toBeUndefined();
  });

  it("names others' live claims, never the moderator's own, and skips them when advancing", () => {
    const claims = readClaimsEvent(
      JSON.stringify({
        claims: [
          { messageId: '12', operator: 'alex', expiresAt: '2030-01-01T09:05:00.000Z' },
          { messageId: '13', operator: 'sam', expiresAt: '2030-01-01T09:05:00.000Z' },
          { messageId: '14', operator: 'alex', expiresAt: '2030-01-01T08:59:00.000Z' },
        ],
      }),
    );
    const others = othersClaims(claims, 'sam', Date.parse('2030-01-01T09:00:00Z'));
    expect([...others]).toEqual([['12', 'alex']]);
    expect(reviewingText('alex')).toBe('Alex is reviewing');
    const items = list(['11', '12', '13']).data;
    // Deciding 11 moves past 12, which alex is reviewing, to 13.
    expect(nextActive(items, 0, new Set(['11']), itemId, new Set(others.keys()))).toBe('13');
    expect(nextActive(items, 0, new Set(['11']), itemId)).toBe('12');
  });
});
