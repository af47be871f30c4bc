import { describe, expect, it } from 'vitest';
import { templateOf } from '@/api/contract/match';

/** The `/api` path a reaction call goes to: the catalogue's template, filled. */
const reactionsPath = (id: string, reaction?: string) =>
  `/api${reaction === undefined ? templateOf('reactions.list').build({ id }) : templateOf('reactions.add').build({ id, reaction })}`;

const tricky = [
  '👍',
  '👍🏽', // skin tone modifier
  '👨‍👩‍👧', // ZWJ sequence
  '🏳️‍🌈', // variation selector + ZWJ
  '🇫🇷', // regional indicator pair
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿', // tag sequence
  '❤️',
  ':party:',
  ':+1:',
  'a?b#c&d',
];

describe('reaction path segments', () => {
  it.each(tricky)('encodes %s exactly once and decodes back to the same text', (reaction) => {
    const path = reactionsPath('402', reaction);
    expect(path.startsWith('/api/messages/402/reactions/')).toBe(true);
    const segment = path.slice('/api/messages/402/reactions/'.length);
    // One segment, ASCII only, nothing double-encoded.
    expect(segment).not.toContain('/');
    expect(segment).toMatch(/^[\x21-\x7e]+$/);
    expect(segment).not.toMatch(/%25/);
    expect(decodeURIComponent(segment)).toBe(reaction);
    // The URL parser keeps the encoding as is, so the server sees the same single segment.
    const parsed = new URL(path, 'http://console.test');
    expect(parsed.pathname).toBe(path);
    expect(decodeURIComponent(parsed.pathname.split('/').at(-1) ?? '')).toBe(reaction);
  });

  it('keeps the colon-delimited token readable but unambiguous', () => {
    expect(reactionsPath('7', ':party:')).toBe('/api/messages/7/reactions/%3Aparty%3A');
    expect(reactionsPath('7', '👍🏽')).toBe('/api/messages/7/reactions/%F0%9F%91%8D%F0%9F%8F%BD');
  });

  it('lists all reactions without a reaction segment', () => {
    expect(reactionsPath('7')).toBe('/api/messages/7/reactions');
  });
});
