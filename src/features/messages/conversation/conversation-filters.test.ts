import { describe, expect, it } from 'vitest';
import { conversationIdOf, filtersOf, readSelection, writeSelection } from './conversation-filters';

describe('conversation selection', () => {
  it('builds one-on-one ids with the uids sorted, whatever the order picked', () => {
    expect(
      conversationIdOf({ mode: 'users', userA: 'noah-fischer', userB: 'amelia-hart', group: '' }),
    ).toBe('amelia-hart_user_noah-fischer');
    expect(
      conversationIdOf({ mode: 'users', userA: 'amelia-hart', userB: 'noah-fischer', group: '' }),
    ).toBe('amelia-hart_user_noah-fischer');
  });

  it('builds group ids and refuses incomplete choices', () => {
    expect(conversationIdOf({ mode: 'group', userA: '', userB: '', group: 'support-hub' })).toBe(
      'group_support-hub',
    );
    expect(conversationIdOf({ mode: 'users', userA: 'amelia-hart', userB: '', group: '' })).toBe(
      '',
    );
    expect(
      conversationIdOf({ mode: 'users', userA: 'amelia-hart', userB: 'amelia-hart', group: '' }),
    ).toBe('');
  });

  it('round-trips through the URL and drops malformed values', () => {
    const params = new URLSearchParams(
      'a=amelia-hart&b=noah-fischer&category=message&type=text&from=1700000000&to=oops',
    );
    const selection = readSelection(params);
    expect(selection).toMatchObject({
      mode: 'users',
      userA: 'amelia-hart',
      userB: 'noah-fischer',
      category: 'message',
      type: 'text',
      from: 1_700_000_000,
      to: undefined,
    });
    expect(writeSelection(selection).toString()).toBe(
      'a=amelia-hart&b=noah-fischer&category=message&type=text&from=1700000000',
    );
    expect(
      readSelection(new URLSearchParams('category=messages&a=bad%20uid')).category,
    ).toBeUndefined();
    // A custom type is kept as written, for its rule to judge; only trimmed text is sent.
    expect(readSelection(new URLSearchParams('type=my%20type')).type).toBe('my type');
    expect(filtersOf(readSelection(new URLSearchParams('type=%20loc%20'))).type).toBe('loc');
    expect(
      filtersOf(readSelection(new URLSearchParams('mode=group&group=general'))).conversationId,
    ).toBe('group_general');
  });
});
