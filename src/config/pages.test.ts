import { describe, expect, it } from 'vitest';
import { matchesPattern, pageFor } from './pages';

describe('pages', () => {
  it('matches router patterns segment by segment', () => {
    expect(matchesPattern('/users/:uid', '/users/ann')).toBe(true);
    expect(matchesPattern('/users/:uid', '/users/ann/')).toBe(true);
    expect(matchesPattern('/users/:uid', '/users')).toBe(false);
    expect(matchesPattern('/users/:uid', '/users/ann/groups')).toBe(false);
    expect(matchesPattern('/groups/:guid/banned', '/groups/g1/banned')).toBe(true);
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('*', '/anything/at/all')).toBe(true);
  });

  it('names the page each path renders, the not-found page for the rest', () => {
    expect(pageFor('/')).toBe('home');
    expect(pageFor('/sign-in')).toBe('sign-in');
    expect(pageFor('/moderation/blocked')).toBe('blocked');
    expect(pageFor('/messages/m%201')).toBe('message');
    expect(pageFor('/groups/g1/banned')).toBe('group-banned');
    expect(pageFor('/nowhere')).toBe('not-found');
  });
});
