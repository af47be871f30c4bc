import { describe, expect, it } from 'vitest';
import { addReaction, listReactions, removeReaction } from '@/api/reactions';
import { installTestBackend } from '@/testing/test-backend';
import { bigMessageId, storedReactors } from '../../../testing/message-helpers';

const tricky = ['👍🏽', '👨‍👩‍👧', '🏳️‍🌈', '🇫🇷', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', ':party:', ':thumbs:up:', 'a?b#c&d'];

describe('reaction encoding, end to end through the service', () => {
  it('stores, lists and removes each reaction as exactly the text sent', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const id = bigMessageId(backend);
    const actor = { uid: 'amelia-hart', reason: 'Encoding check' };
    for (const reaction of tricky) {
      const message = await addReaction(id, reaction, actor);
      expect(message?.data.reactions?.some((r) => r.reaction === reaction)).toBe(true);
      expect(storedReactors(backend, id, reaction)).toContain('amelia-hart');
      const listed = await listReactions(id, { reaction });
      expect(listed.data.length).toBeGreaterThan(0);
      expect(listed.data.every((r) => r.reaction === reaction)).toBe(true);
      await removeReaction(id, reaction, actor);
      expect(storedReactors(backend, id, reaction)).not.toContain('amelia-hart');
    }
    // Every path was sent with one level of percent-encoding.
    const writes = backend.requests.filter((r) => r.method !== 'GET').map((r) => r.path);
    expect(writes).toHaveLength(tricky.length * 2);
    for (const path of writes) expect(path).not.toMatch(/%25/);
  });
});
