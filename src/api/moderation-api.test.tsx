import { describe, expect, it } from 'vitest';
import { installTestBackend } from '@/testing/test-backend';
import {
  approveFlaggedMessage,
  blockFlaggedMessage,
  flaggingRuleOf,
  listFlaggedMessages,
  reportsOf,
} from './flagged-messages';
import { listReviewedMessages } from './blocked-messages';
import { changeMemberScope, kickGroupMember, listGroupMembers } from './group-members';
import { searchMessagesPage } from './message-search';

// The client functions against the real console server and emulator, as the pages will call them.
describe('client functions of flags, members and search', () => {
  it('reads the flagged queue, decides two flags and finds them among the reviewed flags', async () => {
    installTestBackend({ role: 'moderator' });
    const queue = await listFlaggedMessages();
    expect(queue.unsupported).toEqual([]);
    expect(queue.data.some((item) => reportsOf(item).length >= 2)).toBe(true);
    expect(queue.data.some((item) => flaggingRuleOf(item)?.id === 'contact_details_filter')).toBe(
      true,
    );
    const [keep, hide] = queue.data;
    if (!keep || !hide) throw new Error('demo flags missing');
    expect(await approveFlaggedMessage(keep.id, { explanation: { note: 'fine' } })).toMatchObject({
      success: true,
    });
    await blockFlaggedMessage(hide.id);
    const reviewed = await listReviewedMessages();
    expect(
      reviewed.flags
        .filter((flag) => [keep.id, hide.id].includes(flag.message.id))
        .map((flag) => flag.message.data.moderation?.status)
        .sort(),
    ).toEqual(['approved', 'disapproved']);
    expect((await listFlaggedMessages()).data.map((item) => item.id)).not.toContain(keep.id);
  });

  it('lists members by scope, changes a scope and kicks', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const participants = await listGroupMembers('hiking-club', { scopes: ['participant'] });
    const owner = backend.store.db
      .prepare("SELECT owner FROM groups WHERE guid = 'hiking-club'")
      .pluck()
      .get();
    const target = participants.data.find((member) => member.uid !== owner);
    if (!target) throw new Error('no participant');
    await changeMemberScope('hiking-club', target.uid, 'moderator', { reason: 'helps a lot' });
    const moderators = await listGroupMembers('hiking-club', { scopes: ['moderator'] });
    expect(moderators.data.map((member) => member.uid)).toContain(target.uid);
    await kickGroupMember('hiking-club', target.uid);
    const all = await listGroupMembers('hiking-club', { perPage: 1000 });
    expect(all.data.map((member) => member.uid)).not.toContain(target.uid);
  });

  it('searches text from a sender in a time window, newest first, page by page', async () => {
    installTestBackend({ role: 'support' });
    const first = await searchMessagesPage({ text: 'the', from: 0 }, 3, undefined);
    expect(first.data).toHaveLength(3);
    const ids = first.data.map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const message of first.data) expect(message.data.text?.toLowerCase()).toContain('the');
    const next = first.meta.next;
    if (!next) throw new Error('no next page');
    const second = await searchMessagesPage({ text: 'the', from: 0 }, 3, next);
    expect(Number(second.data[0]?.id)).toBeLessThan(Math.min(...ids));
    const sender = first.data[0]?.sender ?? '';
    const fromSender = await searchMessagesPage({ sender, text: 'the' }, 50, undefined);
    expect(new Set(fromSender.data.map((message) => message.sender))).toEqual(new Set([sender]));
  });
});
