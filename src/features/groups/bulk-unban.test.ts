import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { matchesBannedSearch } from './banned-search';
import { stillSelected, summarizeUnbans, unbanAll } from './bulk-unban';

const apiError = (status: number, code: string, outcome?: 'failed' | 'unknown') =>
  new ApiError({ status, code, message: code, outcome });

describe('bulk unban', () => {
  it('gives every uid its own result in the order given, and keeps only the failed ones selected', async () => {
    const sent: string[] = [];
    const results = await unbanAll(['a', 'b', 'c', 'd', 'e'], async (uid) => {
      sent.push(uid);
      await Promise.resolve();
      if (uid === 'b') throw apiError(404, 'ERR_NOT_A_BANNED_USER');
      if (uid === 'c') throw apiError(403, 'ERR_GROUP_NO_CLEARANCE');
      if (uid === 'd') throw apiError(504, 'CONSOLE_UPSTREAM_TIMEOUT', 'unknown');
    });
    expect([...sent].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(results.map((r) => [r.uid, r.status])).toEqual([
      ['a', 'unbanned'],
      ['b', 'not-banned'],
      ['c', 'failed'],
      ['d', 'unknown'],
      ['e', 'unbanned'],
    ]);
    expect(summarizeUnbans(results)).toBe('2 unbanned, 1 was not banned, 1 unknown, 1 failed.');
    expect(stillSelected(results)).toEqual(['c']);
  });

  it('says nothing of kinds that did not happen', async () => {
    const results = await unbanAll(['a'], () => Promise.resolve());
    expect(summarizeUnbans(results)).toBe('1 unbanned.');
    expect(stillSelected(results)).toEqual([]);
  });
});

describe('banned users search', () => {
  it('matches any part of the uid or the name, ignoring case and spaces around', () => {
    const user = { uid: 'community-0042', name: 'Zoë Park' };
    expect(matchesBannedSearch(user, '0042')).toBe(true);
    expect(matchesBannedSearch(user, ' zoë ')).toBe(true);
    expect(matchesBannedSearch(user, 'PARK')).toBe(true);
    expect(matchesBannedSearch(user, 'jack')).toBe(false);
    expect(matchesBannedSearch(user, '')).toBe(true);
  });
});
